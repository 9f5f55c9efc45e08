import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from '../shell/settings/app-settings';
import { readableShade } from './contrast';

/** Spec §9 default theme colour. */
export const PRIMARY_COLOR = DEFAULT_SETTINGS.primaryColor;

export const THEME: ThemeConfig = { token: { colorPrimary: PRIMARY_COLOR } };

/** The antd theme for the chosen primary colour and whole-app dark mode. */
export function themeFor(primaryColor: string, darkMode: boolean): ThemeConfig {
  if (darkMode) return { token: { colorPrimary: primaryColor }, algorithm: theme.darkAlgorithm };
  // Text in the theme colour and white text on it need WCAG AA contrast (4.5:1); #fa541c gives 3.3:1,
  // so those places use a darker shade of the same colour while everything else keeps the colour itself.
  const text = readableShade(primaryColor);
  const hover = readableShade(primaryColor, 4.6);
  const active = readableShade(primaryColor, 6);
  return {
    algorithm: theme.defaultAlgorithm,
    token: { colorPrimary: primaryColor, colorTextSecondary: 'rgba(0, 0, 0, 0.62)', colorTextDescription: 'rgba(0, 0, 0, 0.62)' },
    components: {
      Button: { colorPrimary: text, colorPrimaryHover: hover, colorPrimaryActive: active, colorLink: text, colorLinkHover: hover },
      Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, darkItemSelectedBg: text, subMenuItemSelectedColor: text },
      Tabs: { itemSelectedColor: text, itemActiveColor: active, itemHoverColor: hover, inkBarColor: text },
      Radio: { colorPrimary: text, colorPrimaryHover: hover, colorPrimaryActive: active },
      Dropdown: { controlItemBgActive: '#f5f5f5', controlItemBgActiveHover: '#ebebeb', colorPrimary: text },
      Pagination: { colorPrimary: text, colorPrimaryHover: hover },
      Typography: { colorLink: text, colorLinkHover: hover },
      Breadcrumb: { linkHoverColor: text },
    },
  };
}

/** Spec §2 colour-weak mode: the whole page through an inverting filter, as the admin family does. */
export const COLOR_WEAK_FILTER = 'invert(80%)';

/** Exact button texts (登录, 确定) instead of antd's inserted space between two CJK characters. */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;
