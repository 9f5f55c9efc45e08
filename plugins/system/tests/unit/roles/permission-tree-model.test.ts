import { describe, expect, it } from 'vitest';
import type { PermissionTreeNode } from '../../../roles/contracts';
import { allKeys, assignmentOf, filterTree, parentKeys, toggleChecked } from '../../../roles/components/permission-tree-model';

function node(key: string, title: string, children?: PermissionTreeNode[]): PermissionTreeNode {
  return { key, title, slotTitle: title, value: key, parentId: null, menuType: children ? 0 : 2, isLeaf: children === undefined, ruleFlag: 0, ...(children ? { children } : {}) };
}

const tree: PermissionTreeNode[] = [
  node('cust', '客户管理', [node('members', '会员列表', [node('add', '新增会员'), node('edit', '编辑会员')]), node('groups', '客户分组')]),
  node('system', '系统管理', [node('roles', '角色管理', [node('authorize', '角色授权')])]),
  node('home', '首页'),
];

describe('permission tree model', () => {
  it('sends what is checked now and what was granted at load as comma lists', () => {
    expect(assignmentOf(['a', 'b', 'c'], ['a', 'x'])).toEqual({ permissionIds: 'a,b,c', lastpermissionIds: 'a,x' });
    expect(assignmentOf([], ['a'])).toEqual({ permissionIds: '', lastpermissionIds: 'a' });
    expect(assignmentOf(['a', 'a', 'b'], [])).toEqual({ permissionIds: 'a,b', lastpermissionIds: '' });
  });

  it('checks strictly: one key changes, its parent and children do not', () => {
    expect(toggleChecked(['members'], 'add', true)).toEqual(['members', 'add']);
    expect(toggleChecked(['members', 'add'], 'members', false)).toEqual(['add']);
    expect(toggleChecked(['add'], 'add', true)).toEqual(['add']);
    expect(toggleChecked(['add'], 'edit', false)).toEqual(['add']);
  });

  it('keeps checked keys hidden by the filter when another is checked, so saving does not drop them', () => {
    const filtered = filterTree(tree, '角色');
    expect(allKeys(filtered.nodes)).not.toContain('add');
    const checked = toggleChecked(['add', 'edit'], 'authorize', true);
    expect(assignmentOf(checked, ['add', 'edit'])).toEqual({ permissionIds: 'add,edit,authorize', lastpermissionIds: 'add,edit' });
  });

  it('filters by title keeping ancestors (expanded) and the whole subtree of a match', () => {
    const byButton = filterTree(tree, '新增');
    expect(byButton.nodes.map((n) => n.key)).toEqual(['cust']);
    expect(byButton.nodes[0]?.children?.map((n) => n.key)).toEqual(['members']);
    expect(byButton.nodes[0]?.children?.[0]?.children?.map((n) => n.key)).toEqual(['add']);
    expect(byButton.expandedKeys.sort()).toEqual(['cust', 'members']);

    const byMenu = filterTree(tree, '会员列表');
    expect(byMenu.nodes[0]?.children?.[0]?.children?.map((n) => n.key)).toEqual(['add', 'edit']);
    expect(filterTree(tree, '  ').nodes).toHaveLength(3);
    expect(filterTree(tree, 'nothing').nodes).toEqual([]);
    // The original tree is not changed by filtering.
    expect(tree[0]?.children).toHaveLength(2);
  });

  it('knows the keys for expand-all and check-all', () => {
    expect(parentKeys(tree)).toEqual(['cust', 'members', 'system', 'roles']);
    expect(allKeys(tree)).toEqual(['cust', 'members', 'add', 'edit', 'groups', 'system', 'roles', 'authorize', 'home']);
  });
});
