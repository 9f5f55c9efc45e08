import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Layout, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { themeFor, withMotion } from '../../app/theme';
import type { MenuTheme } from '../settings/app-settings';
import { useAppSettings } from '../settings/settings-store';
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

/** A light bar takes the page's theme as it is. */
const LIGHT_BAR = {} as const;

/** The top menu's bar: its items compact, so that a shop's fifteen top entries fit a laptop's width. */
const TOP_MENU_TOKENS = { Menu: { itemPaddingInline: 10, iconMarginInlineEnd: 4 } } as const;

/**
 * The header. With the top-menu layout it has two bars: the brand and the tools, then the menu across the whole width
 * (beside the tools it had room for five entries). On the dark menu theme everything in it — the tools too: the bell,
 * the language, the department, the user — takes the dark theme's tokens, so it reads on the dark bar.
 */
export function MainHeader({ collapsed, showToggle, onToggle, style, hidden = false, brand, topMenu, menuTheme }: MainHeaderProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const { primaryColor } = useAppSettings();
  const dark = Boolean(topMenu) && menuTheme === 'dark';
  const background = dark ? '#001529' : token.colorBgContainer;
  const header = (
    <Layout.Header
      className={dark ? 'main-header main-header-dark' : 'main-header'}
      data-hidden={hidden ? 'true' : 'false'}
      inert={hidden}
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: 'auto',
        lineHeight: 'normal',
        padding: 0,
        background,
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
        ...style,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, height: 64, padding: '0 16px 0 0' }}>
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
        {topMenu ? <div style={{ flex: 1 }} /> : <WelcomeText />}
        <HeaderTools />
      </div>
      {topMenu ? (
        <ConfigProvider theme={{ components: TOP_MENU_TOKENS }}>
          <div className="main-header-menu" style={{ minWidth: 0, lineHeight: '46px', borderTop: `1px solid ${dark ? 'rgba(255, 255, 255, 0.12)' : token.colorSplit}` }}>
            {topMenu}
          </div>
        </ConfigProvider>
      ) : null}
    </Layout.Header>
  );
  // The dark bar's own theme, not the page's (only the page's motion, which follows the system): antd then draws its
  // buttons, inputs and text light on dark. The provider always has a theme (an empty one, the page's, on a light bar):
  // antd adds a context provider only when given one, so dropping it would remount the tools when the layout or the
  // menu theme changes — and close an open settings drawer.
  return <ConfigProvider theme={dark ? { ...withMotion(themeFor(primaryColor, true), !token.motion), inherit: false } : LIGHT_BAR}>{header}</ConfigProvider>;
}
