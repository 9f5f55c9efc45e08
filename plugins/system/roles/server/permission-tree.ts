import type { PermissionTreeNode, PermissionTreeResult } from '../contracts';
import type { RoleAreaDb } from './tables';

interface TreeRow {
  id: string;
  parent_id: string | null;
  name: string;
  menu_type: number;
}

/**
 * Live permissions (menus and buttons) as tree nodes ordered by sort_no. A node whose parent is not
 * in the set becomes a root, so a button granted without its page still shows in a limited tree.
 */
export function buildPermissionTree(rows: readonly TreeRow[], withRules: ReadonlySet<string>): PermissionTreeResult {
  const present = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, TreeRow[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && present.has(row.parent_id) ? row.parent_id : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(row);
    children.set(parent, siblings);
  }
  const build = (parent: string | null): PermissionTreeNode[] =>
    (children.get(parent) ?? []).map((row) => {
      const below = build(row.id);
      const node: PermissionTreeNode = {
        key: row.id,
        title: row.name,
        slotTitle: row.name,
        value: row.id,
        parentId: row.parent_id,
        menuType: row.menu_type,
        isLeaf: below.length === 0,
        ruleFlag: withRules.has(row.id) ? 1 : 0,
      };
      if (below.length > 0) node.children = below;
      return node;
    });
  return { treeList: build(null), ids: rows.map((row) => row.id) };
}

/** The whole permission tree, or only the permissions among `only` (a department's, for its roles). */
export async function loadPermissionTree(db: RoleAreaDb, only?: readonly string[]): Promise<PermissionTreeResult> {
  if (only !== undefined && only.length === 0) return { treeList: [], ids: [] };
  let query = db
    .selectFrom('permissions')
    .select(['id', 'parent_id', 'name', 'menu_type'])
    .where('del_flag', '=', 0);
  if (only !== undefined) query = query.where('id', 'in', [...only]);
  const rows = await query.orderBy('sort_no').orderBy('name').orderBy('id').execute();
  const rules = await db.selectFrom('permission_data_rules').select('permission_id').distinct().execute();
  return buildPermissionTree(rows, new Set(rules.map((rule) => rule.permission_id)));
}

/** Of these ids, the ones naming live permissions. */
export async function livePermissionIds(db: RoleAreaDb, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('permissions').select('id').where('del_flag', '=', 0).where('id', 'in', [...ids]).execute();
  return rows.map((row) => row.id);
}
