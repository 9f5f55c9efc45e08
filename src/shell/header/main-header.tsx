import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTheme } from '../settings/app-settings';
import { HeaderTools } from './header-tools';
import { WelcomeText } from './welcome-text';

interface MainHeaderProps {
  /** The menu is folded (desktop) or its drawer closed (mobile). */
  collapsed: boolean;
  /** The fold button belongs to the side menu; the top-menu layout has none. */
  showToggle: boolean;
  onToggle(): void;
  style?: CSSProperties;
  /** Scrolled away (auto-hide header): out of view and out of the tab order. */
  hidden?: boolean;
  /** Top-menu layout: the brand and the horizontal menu. */
  brand?: ReactNode;
  topMenu?: ReactNode;
  menuTheme: MenuTheme;
}

export function MainHeader({ collapsed, showToggle, onToggle, style, hidden = false, brand, topMenu, menuTheme }: MainHeaderProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const dark = Boolean(topMenu) && menuTheme === 'dark';
  return (
    <Layout.Header
      className={dark ? 'main-header main-header-dark' : 'main-header'}
      data-hidden={hidden ? 'true' : 'false'}
      inert={hidden}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 16px 0 0',
        background: dark ? '#001529' : token.colorBgContainer,
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
        ...style,
      }}
    >
      {showToggle && (
        <Button
          type="text"
          onClick={onToggle}
          aria-label={t('layout.toggleMenu')}
          aria-expanded={!collapsed}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          style={{ width: 64, height: 64, fontSize: 16, flex: 'none' }}
        />
      )}
      {brand}
      {topMenu ? <div style={{ flex: 1, minWidth: 0 }}>{topMenu}</div> : <WelcomeText />}
      <HeaderTools />
    </Layout.Header>
  );
}
