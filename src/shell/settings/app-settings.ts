import { expiringStorage } from '../../providers/storage';

export type MenuTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** The browser-held settings of docs/spec.md §3, plus the whole-app dark mode. */
export interface AppSettings {
  sidebarOpen: boolean;
  menuTheme: MenuTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  autoHideHeader: boolean;
  primaryColor: string;
  colorWeak: boolean;
  multipage: boolean;
  darkMode: boolean;
}

/** docs/spec.md §9 defaults: #fa541c, light theme, sidemenu layout, fixed content width, multi-page on. */
export const DEFAULT_SETTINGS: Readonly<AppSettings> = {
  sidebarOpen: true,
  menuTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixedSidebar: false,
  autoHideHeader: false,
  primaryColor: '#fa541c',
  colorWeak: false,
  multipage: true,
  darkMode: false,
};

export const PRESET_COLORS = ['#fa541c', '#f5222d', '#faad14', '#13c2c2', '#52c41a', '#1890ff', '#2f54eb', '#722ed1'] as const;

/** localStorage keys (vue-ls `pro__` namespace, the names the admin family's clients use). */
export const SETTINGS_KEYS: Readonly<Record<keyof AppSettings, string>> = {
  sidebarOpen: 'SIDEBAR_TYPE',
  menuTheme: 'DEFAULT_THEME',
  layout: 'DEFAULT_LAYOUT_MODE',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidebar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  primaryColor: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
  darkMode: 'DEFAULT_DARK_MODE',
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Applies the drawer's constraints: Fluid width only with the top menu, a fixed side menu only with
 * the side menu, and hiding the header on scroll only for a fixed header. Unknown values fall back.
 */
export function normaliseSettings(raw: Partial<Record<keyof AppSettings, unknown>>): AppSettings {
  const layout = pick<LayoutMode>(raw.layout, ['sidemenu', 'topmenu'], DEFAULT_SETTINGS.layout);
  const fixedHeader = bool(raw.fixedHeader, DEFAULT_SETTINGS.fixedHeader);
  const color = typeof raw.primaryColor === 'string' && HEX_COLOR.test(raw.primaryColor) ? raw.primaryColor.toLowerCase() : DEFAULT_SETTINGS.primaryColor;
  return {
    sidebarOpen: bool(raw.sidebarOpen, DEFAULT_SETTINGS.sidebarOpen),
    menuTheme: pick<MenuTheme>(raw.menuTheme, ['dark', 'light'], DEFAULT_SETTINGS.menuTheme),
    layout,
    contentWidth: layout === 'topmenu' ? pick<ContentWidth>(raw.contentWidth, ['Fixed', 'Fluid'], DEFAULT_SETTINGS.contentWidth) : 'Fixed',
    fixedHeader,
    fixedSidebar: layout === 'sidemenu' && bool(raw.fixedSidebar, DEFAULT_SETTINGS.fixedSidebar),
    autoHideHeader: fixedHeader && bool(raw.autoHideHeader, DEFAULT_SETTINGS.autoHideHeader),
    primaryColor: color,
    colorWeak: bool(raw.colorWeak, DEFAULT_SETTINGS.colorWeak),
    multipage: bool(raw.multipage, DEFAULT_SETTINGS.multipage),
    darkMode: bool(raw.darkMode, DEFAULT_SETTINGS.darkMode),
  };
}

const SETTING_NAMES = Object.keys(SETTINGS_KEYS) as Array<keyof AppSettings>;

export function loadSettings(): AppSettings {
  const raw: Partial<Record<keyof AppSettings, unknown>> = {};
  for (const name of SETTING_NAMES) {
    const stored = expiringStorage.get<unknown>(SETTINGS_KEYS[name]);
    if (stored !== null) raw[name] = stored;
  }
  return normaliseSettings(raw);
}

/** Writes every setting (without expiry: they are preferences, not session data). */
export function saveSettings(settings: AppSettings): void {
  for (const name of SETTING_NAMES) expiringStorage.set(SETTINGS_KEYS[name], settings[name], null);
}
