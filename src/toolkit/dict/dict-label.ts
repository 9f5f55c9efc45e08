import type { i18n as I18n } from 'i18next';

/** The locale namespace of the built-in dictionaries' item labels: `dict:<code>.<value>`. */
export const DICT_NAMESPACE = 'dict';

/** The product language: the server's dictionary texts are written in it. */
const SOURCE_LANGUAGE = 'zh-CN';

/**
 * Whether the dictionary is one of the product's (its items have locale labels, `dict:<code>.*`), not one whose
 * items are the shop's records (a table dictionary: member levels, brands, units — their labels are names).
 */
export function isProductDict(i18n: I18n, code: string): boolean {
  const items: unknown = i18n.getResource(SOURCE_LANGUAGE, DICT_NAMESPACE, code);
  return typeof items === 'object' && items !== null;
}

/**
 * An item's label in the current language. The server sends dictionary texts in the product language: a built-in
 * item whose text is still the one the locale files know it by (zh-CN `dict:<code>.<value>`) shows the current
 * language's label; an item an administrator added or renamed in 数据字典 keeps its own text, in every language (as
 * the menu titles do, src/routing/menu-titles.ts).
 */
export function localizedDictText(i18n: I18n, code: string, value: string, serverText: string): string {
  const key = `${code}.${value}`;
  const source: unknown = i18n.getResource(SOURCE_LANGUAGE, DICT_NAMESPACE, key);
  if (typeof source !== 'string' || (serverText !== '' && source !== serverText)) return serverText;
  return i18n.t(key, { ns: DICT_NAMESPACE });
}

