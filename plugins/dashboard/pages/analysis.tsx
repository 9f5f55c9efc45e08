import { Card, Col, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../src/app/use-session';
import { greetingKey } from '../../../src/shell/greeting';
import { joinMenuPath } from '../../../src/shell/menu/menu-target';
import { MenuIcon } from '../../../src/shell/menu/menu-icons';
import { useMenuTree } from '../../../src/shell/menu/menu-context';

/** `dashboard/Analysis`: the welcome page with a greeting and the areas the user can open. */
export default function AnalysisPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useUserInfo();
  // External links open from the side menu; the dashboard lists in-app areas only.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const areas = useMenuTree()
    .filter((area) => area.path.startsWith('/'))
    .filter((area) => needle === '' || (area.meta?.title ?? area.name).toLowerCase().includes(needle) || area.path.toLowerCase().includes(needle));
  const greeting = t(`common:greeting.${greetingKey(new Date().getHours())}`);

  return (
    <div>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard:greetingLine', { greeting, name: user?.realname ?? user?.username ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('common:welcome')}</Typography.Text>
      </Card>
      <Card
        title={t('dashboard:areasTitle')}
        style={{ marginTop: 24 }}
        extra={
          <Input.Search
            allowClear
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('dashboard:filterPlaceholder')}
            aria-label={t('dashboard:filterLabel')}
            className="area-filter"
            style={{ width: 220 }}
          />
        }
      >
        {areas.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard:noAreas')}</Typography.Text>
        ) : (
          <Row gutter={[16, 16]}>
            {areas.map((area) => (
              <Col key={area.id} xs={24} sm={12} md={8} lg={6}>
                <Link to={joinMenuPath('', area.path)}>
                  <Card size="small" hoverable>
                    <MenuIcon name={area.meta?.icon} /> {area.meta?.title ?? area.name}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
