import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../app/use-session';
import { useLogoutConfirm } from './use-logout-confirm';

/** The user dropdown; settings, password, cache and department entries join it in a later issue. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useUserInfo();
  const confirmLogout = useLogoutConfirm();
  const items: MenuProps['items'] = [
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), title: t('header.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('header.userMenu')} style={{ height: 48 }}>
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{user?.realname ?? user?.username}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
