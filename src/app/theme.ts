import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from '../shell/settings/app-settings';
import { readableShade } from './contrast';

/** Spec §9 default theme colour. */
export const PRIMARY_COLOR = DEFAULT_SETTINGS.primaryColor;

export const THEME: ThemeConfig = { token: { colorPrimary: PRIMARY_COLOR } };

/**
 * Dark mode keeps the configured colour itself: the dark algorithm would turn #fa541c into #bc3f15 on
 * primary buttons, and links (colorLink follows colorInfo, antd blue) would leave the theme. Hover and
 * active are the light palette's lighter and darker steps of the same colour.
 */
function darkThemeFor(primaryColor: string): ThemeConfig {
  const palette = theme.getDesignToken({ token: { colorPrimary: primaryColor } });
  const link = { colorLink: primaryColor, colorLinkHover: palette.colorPrimaryHover, colorLinkActive: palette.colorPrimaryActive };
  return {
    algorithm: theme.darkAlgorithm,
    token: { colorPrimary: primaryColor, ...link },
    components: {
      Button: { colorPrimary: primaryColor, colorPrimaryHover: palette.colorPrimaryHover, colorPrimaryActive: palette.colorPrimaryActive, ...link },
      Typography: link,
    },
  };
}

/**
 * The colour of a link outside antd's components (a router <Link>): the configured colour itself in dark
 * mode (the dark algorithm would shift a colorLink token), its readable shade (AA contrast) in light mode.
 */
export function linkColorFor(primaryColor: string, darkMode: boolean): string {
  return darkMode ? primaryColor : readableShade(primaryColor);
}

/** The antd theme for the chosen primary colour and whole-app dark mode. */
export function themeFor(primaryColor: string, darkMode: boolean): ThemeConfig {
  if (darkMode) return darkThemeFor(primaryColor);
  // Text in the theme colour and white text on it need WCAG AA contrast (4.5:1); #fa541c gives 3.3:1,
  // so those places use a darker shade of the same colour while everything else keeps the colour itself.
  const text = readableShade(primaryColor);
  const hover = readableShade(primaryColor, 4.6);
  const active = readableShade(primaryColor, 6);
  return {
    algorithm: theme.defaultAlgorithm,
    token: { colorPrimary: primaryColor, colorLink: text, colorLinkHover: hover, colorLinkActive: active, colorTextSecondary: 'rgba(0, 0, 0, 0.62)', colorTextDescription: 'rgba(0, 0, 0, 0.62)' },
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
