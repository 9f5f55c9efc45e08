import { Card, Grid, Menu, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BaseSetting } from '../components/base-setting';
import { BindingSetting } from '../components/binding-setting';
import { CustomSetting } from '../components/custom-setting';
import { NotificationSetting } from '../components/notification-setting';
import { SecuritySetting } from '../components/security-setting';
import { SETTINGS_BASE_PATH, SETTINGS_SECTIONS, sectionOf, type SettingsSection } from '../components/sections';

const CONTENT: Record<SettingsSection, () => ReactNode> = {
  base: () => <BaseSetting />,
  security: () => <SecuritySetting />,
  custom: () => <CustomSetting />,
  binding: () => <BindingSetting />,
  notification: () => <NotificationSetting />,
};

/** 个人设置: a left menu of five sections, each at its own URL (`/account/settings/<section>`). */
export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const section = sectionOf(pathname);
  const narrow = screens.md === false;

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', minHeight: 420 }}>
        <nav aria-label={t('settings.menu')} style={{ width: narrow ? '100%' : 224, flex: 'none' }}>
          <Menu
            mode={narrow ? 'horizontal' : 'inline'}
            selectedKeys={[section]}
            style={{ height: '100%' }}
            items={SETTINGS_SECTIONS.map((key) => ({ key, label: t(`settings.sections.${key}`) }))}
            onClick={({ key }) => {
              // Replacing, not pushing: the section is a view of the one settings page, not a new page.
              if (key !== section) navigate(`${SETTINGS_BASE_PATH}/${key}`, { replace: true });
            }}
          />
        </nav>
        <section style={{ flex: 1, padding: '8px 40px 24px', minWidth: 0 }} data-section={section}>
          <Typography.Title level={4} style={{ margin: '16px 0 24px' }}>
            {t(`settings.sections.${section}`)}
          </Typography.Title>
          {CONTENT[section]()}
        </section>
      </div>
    </Card>
  );
}
