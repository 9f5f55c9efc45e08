import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { HeaderTools } from './header-tools';

interface MainHeaderProps {
  /** The menu is folded (desktop) or its drawer closed (mobile). */
  collapsed: boolean;
  onToggle(): void;
}

export function MainHeader({ collapsed, onToggle }: MainHeaderProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '0 16px 0 0',
        background: token.colorBgContainer,
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
      }}
    >
      <Button
        type="text"
        onClick={onToggle}
        aria-label={t('layout.toggleMenu')}
        aria-expanded={!collapsed}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        style={{ width: 64, height: 64, fontSize: 16 }}
      />
      <HeaderTools />
    </Layout.Header>
  );
}
