/** docs/spec.md §8: a colour the theme cannot be compiled from is refused (the drawer says `Failed to update theme`). */
import { describe, expect, it } from 'vitest';
import { themeCompiles } from '../../../src/shell/settings/theme-update';
import { initI18n, i18n } from '../../../src/providers/i18n';

describe('theme update', () => {
  it('compiles from a six-digit colour, light and dark', () => {
    expect(themeCompiles('#fa541c', false)).toBe(true);
    expect(themeCompiles('#1890ff', true)).toBe(true);
  });

  it('refuses what it cannot compile from: alpha, short, named or empty colours', () => {
    for (const color of ['#fa541c80', '#fff', 'orange', '', 'rgb(250, 84, 28)']) expect(themeCompiles(color, false)).toBe(false);
  });

  it('says it in the spec words, in both languages', async () => {
    await initI18n('zh-CN');
    expect(i18n.t('common:settings.themeFailed')).toBe('Failed to update theme');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('common:settings.themeFailed')).toBe('Failed to update theme');
    await i18n.changeLanguage('zh-CN');
  });
});
