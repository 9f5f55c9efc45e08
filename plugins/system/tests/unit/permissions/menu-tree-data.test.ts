/** 菜单管理 tree helpers: 展开全部 keys, and the 上级菜单 choices (menus only, never the edited branch). */
import { describe, expect, it } from 'vitest';
import { parentIds, parentOptions } from '../../../permissions/components/menu-tree-data';
import type { PermissionTreeRecord } from '../../../permissions/entities';

const node = (id: string, menuType: number, children?: PermissionTreeRecord[]): PermissionTreeRecord => ({
  id,
  name: id.toUpperCase(),
  menuType,
  isLeaf: children === undefined,
  ...(children !== undefined ? { children } : {}),
});

const tree = [node('home', 0), node('sys', 0, [node('menus', 1, [node('add', 2), node('edit', 2)]), node('users', 1, [node('nested', 1)])])];

describe('parentIds', () => {
  it('lists every row that has children, depth first', () => {
    expect(parentIds(tree)).toEqual(['sys', 'menus', 'users']);
    expect(parentIds([node('leaf', 0)])).toEqual([]);
  });
});

describe('parentOptions', () => {
  it('offers menus only, with titles from their names', () => {
    expect(parentOptions(tree)).toEqual([
      { title: 'HOME', value: 'home' },
      {
        title: 'SYS',
        value: 'sys',
        children: [
          { title: 'MENUS', value: 'menus' },
          { title: 'USERS', value: 'users', children: [{ title: 'NESTED', value: 'nested' }] },
        ],
      },
    ]);
  });

  it('disables the edited node and everything under it', () => {
    const options = parentOptions(tree, 'users');
    const sys = options.find((option) => option.value === 'sys');
    expect(sys?.disabled).toBeUndefined();
    expect(sys?.children?.find((option) => option.value === 'menus')?.disabled).toBeUndefined();
    expect(sys?.children?.find((option) => option.value === 'users')).toEqual({ title: 'USERS', value: 'users', disabled: true, children: [{ title: 'NESTED', value: 'nested', disabled: true }] });
  });
});
