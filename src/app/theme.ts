import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import { DEFAULT_SETTINGS } from '../shell/settings/app-settings';
import { readableShade } from './contrast';

/** docs/spec.md §9 default theme colour. */
export const PRIMARY_COLOR = DEFAULT_SETTINGS.primaryColor;

export const THEME: ThemeConfig = { token: { colorPrimary: PRIMARY_COLOR } };

/**
 * A user who asked their system for less motion gets none (WCAG 2.3.3): menus, popups, dialogs, drawers and messages
 * appear and go in place instead of growing, sliding or fading.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** `config` with antd's motion turned off when `reducedMotion` (antd's `motion` token also stops its wave effect). */
export function withMotion(config: ThemeConfig, reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
}

/** Whether the system asks for less motion now (for the static message and modal holders, read at each render). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * Dark mode keeps the configured colour itself: the dark algorithm would turn #fa541c into #bc3f15 on
 * primary buttons, and links (colorLink follows colorInfo, antd blue) would leave the theme. Hover and
 * active are the light palette's lighter and darker steps of the same colour.
 */
function darkThemeFor(primaryColor: string): ThemeConfig {
  const palette = theme.getDesignToken({ token: { colorPrimary: primaryColor } });
  const link = { colorLink: primaryColor, colorLinkHover: palette.colorPrimaryHover, colorLinkActive: palette.colorPrimaryActive };
  // White text on the theme colour (a selected dark-menu item, a switch that is on) needs the darker shade, as in light.
  const solid = readableShade(primaryColor);
  return {
    algorithm: theme.darkAlgorithm,
    token: { colorPrimary: primaryColor, ...link },
    components: {
      Button: { colorPrimary: primaryColor, colorPrimaryHover: palette.colorPrimaryHover, colorPrimaryActive: palette.colorPrimaryActive, ...link },
      Typography: link,
      Menu: { darkItemSelectedBg: solid, itemSelectedBg: solid, itemSelectedColor: '#ffffff', horizontalItemSelectedBg: solid, horizontalItemSelectedColor: '#ffffff' },
      Switch: { colorPrimary: solid, colorPrimaryHover: palette.colorPrimaryHover },
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

/** antd's preset colour names (`<Tag color="green">`). */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/** antd's palette (the light one): the source of the readable shades below. */
const LIGHT = theme.getDesignToken();

/**
 * Text drawn in a preset colour on a light tag (`<Tag color="green">`: the colour's 7th step on its 1st) and in a
 * status colour (success, warning, error, info: on tags, switches, typography, danger links) reaches AA (4.5:1) on
 * white and on those tints: antd's own steps give 1.8–3.4:1. Each becomes its darkest step that still reads as it.
 */
function readableLightStatusTokens() {
  const presets: Record<string, string> = {};
  for (const color of PRESET_COLORS) {
    const key = `${color}7` as const;
    presets[key] = readableShade(LIGHT[key], 5.2);
  }
  // Given as map tokens with the tints antd derived from its own seed (a darker seed would grey them): only the colour
  // itself and its text become the readable shade.
  const status: Record<string, string> = {};
  for (const name of ['Success', 'Warning', 'Error', 'Info'] as const) {
    for (const [key, value] of Object.entries(LIGHT)) if (key.startsWith(`color${name}`) && typeof value === 'string') status[key] = value;
    const readable = readableShade(LIGHT[`color${name}`], 5.2);
    status[`color${name}`] = readable;
    status[`color${name}Text`] = readable;
    status[`color${name}TextHover`] = readableShade(LIGHT[`color${name}TextHover`], 4.6);
    status[`color${name}TextActive`] = readableShade(LIGHT[`color${name}TextActive`], 6);
  }
  return { presets, status };
}

const READABLE = readableLightStatusTokens();

/** Placeholders and empty-table text (antd: 25 % black, 1.8:1) at AA on white; still lighter than a value (88 %). */
const READABLE_PLACEHOLDER = 'rgba(0, 0, 0, 0.56)';

/** The antd theme for the chosen primary colour and whole-app dark mode. */
export function themeFor(primaryColor: string, darkMode: boolean): ThemeConfig {
  if (darkMode) return darkThemeFor(primaryColor);
  // Text in the theme colour and white text on it need WCAG AA contrast (4.5:1); #fa541c gives 3.3:1,
  // so those places use a darker shade of the same colour while everything else keeps the colour itself.
  const text = readableShade(primaryColor);
  const hover = readableShade(primaryColor, 4.6);
  const active = readableShade(primaryColor, 6);
  const danger = { colorErrorHover: readableShade(LIGHT.colorErrorHover, 4.6), colorErrorActive: readableShade(LIGHT.colorErrorActive, 6) };
  return {
    algorithm: theme.defaultAlgorithm,
    token: {
      colorPrimary: primaryColor,
      colorLink: text,
      colorLinkHover: hover,
      colorLinkActive: active,
      colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      // A detail's labels, an icon's hint, a disabled-looking count: antd's 45 % black is 3.4:1.
      colorTextTertiary: READABLE_PLACEHOLDER,
      colorTextPlaceholder: READABLE_PLACEHOLDER,
      // The status colours themselves, so every text drawn in them (a form's error, a report's ↑/↓, success text) reads.
      ...READABLE.status,
    },
    components: {
      Button: { colorPrimary: text, colorPrimaryHover: hover, colorPrimaryActive: active, colorLink: text, colorLinkHover: hover, ...danger },
      Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, darkItemSelectedBg: text, subMenuItemSelectedColor: text },
      Tabs: { itemSelectedColor: text, itemActiveColor: active, itemHoverColor: hover, inkBarColor: text },
      Radio: { colorPrimary: text, colorPrimaryHover: hover, colorPrimaryActive: active },
      // White 停用 on a switch that is off: antd's 25 % black track is 1.6:1; 55 % black (#737373) is 4.7:1.
      Switch: { colorPrimary: text, colorPrimaryHover: hover, colorTextQuaternary: SWITCH_OFF_TRACK, colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
      Dropdown: { controlItemBgActive: '#f5f5f5', controlItemBgActiveHover: '#ebebeb', colorPrimary: text, ...danger },
      Pagination: { colorPrimary: text, colorPrimaryHover: hover },
      Typography: { colorLink: text, colorLinkHover: hover },
      Tag: READABLE.presets,
      Progress: { colorText: 'rgba(0, 0, 0, 0.88)' },
      Table: { colorTextDisabled: READABLE_PLACEHOLDER },
      Empty: { colorTextDisabled: READABLE_PLACEHOLDER },
      Breadcrumb: { linkHoverColor: text },
    },
  };
}

/** The track of a switch that is off, in the light theme: its white label reads on it at AA. */
export const SWITCH_OFF_TRACK = 'rgba(0, 0, 0, 0.55)';

/** docs/spec.md §2 colour-weak mode: the whole page through an inverting filter, as the admin family does. */
export const COLOR_WEAK_FILTER = 'invert(80%)';

/** Exact button texts (登录, 确定) instead of antd's inserted space between two CJK characters. */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;
