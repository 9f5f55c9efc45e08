import type { I18nProvider } from '@refinedev/core';
import { i18n, initI18n } from './index';

type TranslateOptions = Record<string, unknown>;

function isOptions(value: unknown): value is TranslateOptions {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refine calls both `translate(key, options, default)` and `translate(key, defaultString)`
 * (docs/reference/stack-notes.md gotcha 6); a string second argument is the default text.
 */
export function translate(key: string, optionsOrDefault?: unknown, defaultMessage?: string): string {
  const fallback = typeof optionsOrDefault === 'string' ? optionsOrDefault : defaultMessage;
  const options = isOptions(optionsOrDefault) ? optionsOrDefault : {};
  const text = fallback === undefined ? i18n.t(key, options) : i18n.t(key, { ...options, defaultValue: fallback });
  return typeof text === 'string' ? text : String(text);
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: async (locale: string) => {
    await initI18n();
    return i18n.changeLanguage(locale);
  },
  getLocale: () => i18n.resolvedLanguage ?? i18n.language,
};
