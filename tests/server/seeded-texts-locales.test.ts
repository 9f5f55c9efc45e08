/**
 * The texts the server seeds in the product language have their translation (issue 32, "Accessible and translated"):
 * the client shows a seeded menu title in the current language when the locale files know it by its zh-CN text
 * (src/routing/menu-titles.ts, `common:menu.<route name>`), and a built-in dictionary label likewise
 * (src/toolkit/dict/dict-label.ts, `dict:<code>.<value>`). A seed without that key stays Chinese in English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_SEED } from '../../server/db/seed-menus';
import { DICT_SEED } from '../../server/db/seed-dicts';
import type { MenuSeed } from '../../server/db/seed-menu-model';
import { serverPlugins } from '../../server/plugins';
import { menuTitleKey } from '../../src/routing/menu-titles';

const root = path.resolve(import.meta.dirname, '../..');
type Tree = { [key: string]: string | Tree };
const locale = (language: string, namespace: string): Tree => JSON.parse(readFileSync(path.join(root, 'locales', language, `${namespace}.json`), 'utf8')) as Tree;

function lookup(tree: Tree, key: string): string | undefined {
  let at: string | Tree | undefined = tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** The route name the server gives a menu (server/services/permissions.ts routeName). */
const routeName = (menu: MenuSeed): string => menu.componentName ?? menu.path.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');

function flatten(menus: readonly MenuSeed[]): MenuSeed[] {
  return menus.flatMap((menu) => [menu, ...flatten(menu.children ?? [])]);
}

describe('seeded texts in the locale files', () => {
  it('knows every seeded menu title by its zh-CN text and has its en-US title', () => {
    const zh = locale('zh-CN', 'common');
    const en = locale('en-US', 'common');
    const menus = flatten([...MENU_SEED, ...serverPlugins.flatMap((plugin) => plugin.menus ?? [])]);
    const missing = menus
      .map((menu) => ({ key: menuTitleKey(routeName(menu)), title: menu.title }))
      .filter(({ key, title }) => lookup(zh, key) !== title || lookup(en, key) === undefined)
      .map(({ key, title }) => `${key} (${title})`);
    expect(missing).toEqual([]);
  });

  it('knows every seeded dictionary label by its zh-CN text and has its en-US label', () => {
    const zh = locale('zh-CN', 'dict');
    const en = locale('en-US', 'dict');
    const dicts = [...DICT_SEED, ...serverPlugins.flatMap((plugin) => plugin.dicts ?? [])];
    const missing = dicts.flatMap((dict) =>
      dict.items.filter(([value, text]) => lookup(zh, `${dict.code}.${value}`) !== text || lookup(en, `${dict.code}.${value}`) === undefined).map(([value, text]) => `${dict.code}.${value} (${text})`),
    );
    expect(missing).toEqual([]);
  });
});
