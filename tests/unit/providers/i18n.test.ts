import { describe, expect, it } from 'vitest';
import { storedJson } from './mock-adapter';
import { i18n, initI18n, loadNamespace } from '../../../src/providers/i18n';
import { i18nProvider, translate } from '../../../src/providers/i18n/refine-i18n-provider';

describe('i18n', () => {
  it('defaults to zh-CN with the http namespace bundled', async () => {
    await initI18n();
    expect(i18nProvider.getLocale()).toBe('zh-CN');
    expect(i18n.t('http:forbidden')).toBe('拒绝访问');
  });

  it('translate accepts a default string as the 2nd argument (Refine calls it so)', () => {
    expect(translate('buttons.noSuchKey', 'Create')).toBe('Create');
    expect(i18nProvider.translate('buttons.noSuchKey', 'Create')).toBe('Create');
    expect(i18nProvider.translate('buttons.noSuchKey', {}, 'Edit')).toBe('Edit');
    expect(i18nProvider.translate('http:timeout')).toBe('网络超时');
    expect(i18nProvider.translate('http:timeout', 'fallback')).toBe('网络超时');
  });

  it('changeLocale switches the language and persists it as pro__LANGUAGE', async () => {
    await i18nProvider.changeLocale('en-US');
    expect(i18nProvider.getLocale()).toBe('en-US');
    expect(i18n.t('http:forbidden')).toBe('Access denied');
    expect(storedJson(window.localStorage, 'pro__LANGUAGE')).toMatchObject({ value: 'en-US' });
    await i18nProvider.changeLocale('zh-CN');
    expect(i18n.t('http:systemTip')).toBe('系统提示');
  });

  it('bundles common and http; loads a plugin namespace (dashboard) only when asked', async () => {
    await initI18n();
    expect(i18n.hasResourceBundle('zh-CN', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'http')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'dashboard')).toBe(false);
    await loadNamespace('dashboard');
    expect(i18n.hasResourceBundle('zh-CN', 'dashboard')).toBe(true);
  });

  it('loads a non-core namespace lazily without failing when it does not exist', async () => {
    await i18n.loadNamespaces('no-such-plugin');
    expect(i18n.t('no-such-plugin:title', { defaultValue: 'x' })).toBe('x');
  });
});
