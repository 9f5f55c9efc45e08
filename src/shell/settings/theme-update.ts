import { themeFor } from '../../app/theme';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * docs/spec.md §8 "Theme compile failure": a colour is taken only when the theme compiles from it (a six-digit
 * hex that antd derives its palette from); otherwise the caller says `Failed to update theme` and the
 * current theme stays.
 */
export function themeCompiles(primaryColor: string, darkMode: boolean): boolean {
  if (!HEX_COLOR.test(primaryColor)) return false;
  try {
    themeFor(primaryColor, darkMode);
    return true;
  } catch {
    return false;
  }
}
