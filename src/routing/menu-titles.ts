import type { i18n as I18n } from 'i18next';
import type { MenuItem } from '../contracts/session';

/** The product language: the server's menu titles are written in it. */
const SOURCE_LANGUAGE = 'zh-CN';

/** The locale key of a menu item's title: `menu.<route name>` in the common namespace (`system-user`). */
export function menuTitleKey(name: string): string {
  return `menu.${name.replaceAll('.', '_')}`;
}

export interface MenuTitles {
  /** The product-language title the locale files know a key by, if any. */
  source(key: string): string | undefined;
  /** The key's title in the current language. */
  translate(key: string): string;
}

/**
 * Menu titles arrive from the server in the product language. An item whose server title is still
 * the one the locale files know it by (zh-CN `menu.<name>`) shows the current language's title; an
 * item an administrator renamed or added in 菜单管理 keeps the server's title, in every language.
 */
export function localizeMenuTitles(menu: readonly MenuItem[], titles: MenuTitles): MenuItem[] {
  return menu.map((item) => {
    const key = menuTitleKey(item.name);
    const serverTitle = item.meta?.title;
    const known = serverTitle !== undefined && titles.source(key) === serverTitle;
    return {
      ...item,
      ...(known ? { meta: { ...item.meta, title: titles.translate(key) } } : {}),
      ...(item.children ? { children: localizeMenuTitles(item.children, titles) } : {}),
    };
  });
}

/** The titles of the app's i18next instance (its common namespace). */
export function menuTitlesOf(i18n: I18n): MenuTitles {
  return {
    source: (key) => {
      const value: unknown = i18n.getResource(SOURCE_LANGUAGE, 'common', key);
      return typeof value === 'string' ? value : undefined;
    },
    translate: (key) => i18n.t(key, { ns: 'common' }),
  };
}
