/** The five sections of 个人设置, each at `/account/settings/<section>`. */
export const SETTINGS_SECTIONS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_BASE_PATH = '/account/settings';

/** The section a pathname shows (`/account/settings/security` → security); base for anything else. */
export function sectionOf(pathname: string): SettingsSection {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (SETTINGS_SECTIONS as readonly string[]).includes(last) ? (last as SettingsSection) : 'base';
}
