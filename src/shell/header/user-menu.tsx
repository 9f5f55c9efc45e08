import { ApartmentOutlined, ClearOutlined, DownOutlined, IdcardOutlined, LockOutlined, LogoutOutlined, ProfileOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../app/use-session';
import { session } from '../../providers/session';
import { useStoredFileUrl } from '../../toolkit/upload/stored-file-url';
import { refreshDictionaryCache } from '../dialogs/clear-cache';
import { NARROW_QUERY } from '../layouts/main-layout-queries';
import { useMediaQuery } from '../use-media-query';

/** The account plugin's pages (个人中心, 个人设置 基本设置), opened from this menu. */
export const ACCOUNT_CENTER_PATH = '/account/center';
export const ACCOUNT_SETTINGS_PATH = '/account/settings/base';

// The dialogs load on first use: the shell's first paint does not carry the colour picker and forms.
const SettingsDrawer = lazy(() => import('../settings/settings-drawer').then((module) => ({ default: module.SettingsDrawer })));
const PasswordModal = lazy(() => import('../dialogs/password-modal').then((module) => ({ default: module.PasswordModal })));
const DepartSelectModal = lazy(() => import('../dialogs/depart-select-modal').then((module) => ({ default: module.DepartSelectModal })));
import { useLogoutConfirm } from './use-logout-confirm';

type Dialog = 'settings' | 'password' | 'depart';

/** The user dropdown (docs/spec.md §2 Layouts): account center and settings, system settings, password, cache, department, logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const user = useUserInfo();
  const confirmLogout = useLogoutConfirm();
  const [dialog, setOpenDialog] = useState<Dialog | null>(null);
  // Once opened, a dialog stays mounted so that it can play its closing animation.
  const [used, setUsed] = useState<ReadonlySet<Dialog>>(new Set());
  const setDialog = (next: Dialog) => {
    setUsed((current) => (current.has(next) ? current : new Set(current).add(next)));
    setOpenDialog(next);
  };
  const close = useCallback(() => setOpenDialog(null), []);
  const username = user?.username ?? '';
  // A stored avatar is served only to the session: shown from a blob, as soon as 基本设置 changes it.
  const avatar = useStoredFileUrl(user?.avatar);
  const shownName = user?.realname ?? user?.username;
  // WCAG 2.5.3: the accessible name contains the visible name.
  const menuLabel = shownName ? t('header.userMenuOf', { name: shownName }) : t('header.userMenu');
  // The current department (switched in the dialog below), named from the departments given at login.
  const departName = session.getLoginDeparts()?.departs.find((depart) => depart.orgCode === user?.orgCode)?.departName;
  const isNarrow = useMediaQuery(NARROW_QUERY);

  const items: MenuProps['items'] = [
    { key: 'accountCenter', icon: <IdcardOutlined />, label: t('header.accountCenter') },
    { key: 'accountSettings', icon: <ProfileOutlined />, label: t('header.accountSettings') },
    { key: 'settings', icon: <SettingOutlined />, label: t('header.systemSettings') },
    { key: 'password', icon: <LockOutlined />, label: t('header.changePassword') },
    { key: 'depart', icon: <ApartmentOutlined />, label: t('header.switchDepart') },
    { key: 'cache', icon: <ClearOutlined />, label: t('header.clearCache') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), title: t('header.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'accountCenter') navigate(ACCOUNT_CENTER_PATH);
    else if (key === 'accountSettings') navigate(ACCOUNT_SETTINGS_PATH);
    else if (key === 'settings') setDialog('settings');
    else if (key === 'depart') setDialog('depart');
    else if (key === 'password') {
      // docs/spec.md §2 Other dialogs: only with a known user name.
      if (username) setDialog('password');
      else void message.warning(t('header.noUser'));
    } else if (key === 'cache') {
      void refreshDictionaryCache().then((done) => {
        if (done) void message.success(t('header.cacheCleared'));
        else void message.error(t('header.cacheFailed'));
      });
    }
  };

  return (
    <>
      {departName && !isNarrow && (
        <Typography.Text type="secondary" className="current-depart" data-testid="current-depart" translate="no" title={t('header.currentDepart', { name: departName })}>
          <ApartmentOutlined style={{ marginRight: 4 }} />
          {departName}
        </Typography.Text>
      )}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" aria-label={menuLabel} style={{ height: 48 }} className="user-menu">
          <Avatar size="small" src={avatar.url ?? undefined} icon={<UserOutlined />} />
          <span>{shownName}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {used.has('settings') && <SettingsDrawer open={dialog === 'settings'} onClose={close} />}
        {used.has('password') && <PasswordModal open={dialog === 'password'} username={username} onClose={close} />}
        {used.has('depart') && <DepartSelectModal requested={dialog === 'depart'} username={username} onClose={close} />}
      </Suspense>
    </>
  );
}
