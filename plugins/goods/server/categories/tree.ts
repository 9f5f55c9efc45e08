import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../server/kit';

/** The category tree (docs/spec.md §7 queryTreeList / searchBy), built in memory from the whole (small) table. */

/** Root categories have parent '0'. */
export const ROOT_PARENT = '0';
/** 一级 > 二级 > 三级: goods hang on level 2 or 3. */
export const MAX_CATEGORY_DEPTH = 3;

export interface CategoryRow {
  id: string;
  parent_id: string;
  name: string;
  pic_url: string | null;
  sort: number | null;
  status: string;
}

/** A node as the tree table and the tree selects read it (the department tree's shape). */
export interface CategoryNode {
  key: string;
  value: string;
  title: string;
  id: string;
  parentId: string;
  name: string;
  picUrl: string | null;
  sort: number;
  status: string;
  status_dictText: string | null;
  /** 1 for a root. */
  level: number;
  isLeaf: boolean;
  children: CategoryNode[];
}

const byName = new Intl.Collator('zh-CN');

function compareRows(a: CategoryRow, b: CategoryRow): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function childrenIndex(rows: readonly CategoryRow[]): Map<string, CategoryRow[]> {
  const known = new Set(rows.map((row) => row.id));
  const index = new Map<string, CategoryRow[]>();
  for (const row of rows) {
    // A row whose parent is gone shows as a root rather than disappearing.
    const parent = known.has(row.parent_id) ? row.parent_id : ROOT_PARENT;
    index.set(parent, [...(index.get(parent) ?? []), row]);
  }
  for (const group of index.values()) group.sort(compareRows);
  return index;
}

export function toNode(row: CategoryRow, level: number, statusText: (status: string) => string | null, children: CategoryNode[] = []): CategoryNode {
  return {
    key: row.id,
    value: row.id,
    title: row.name,
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    picUrl: row.pic_url,
    sort: row.sort ?? 0,
    status: row.status,
    status_dictText: statusText(row.status),
    level,
    isLeaf: children.length === 0,
    children,
  };
}

/** The forest, sorted by sort then name at every level; a cycle in stored data is cut, never followed. */
export function buildCategoryTree(rows: readonly CategoryRow[], statusText: (status: string) => string | null): CategoryNode[] {
  const index = childrenIndex(rows);
  const build = (parent: string, level: number, seen: ReadonlySet<string>): CategoryNode[] =>
    (index.get(parent) ?? []).filter((row) => !seen.has(row.id)).map((row) => toNode(row, level, statusText, build(row.id, level + 1, new Set(seen).add(row.id))));
  return build(ROOT_PARENT, 1, new Set());
}

/** The level of a category (1 = root), or 0 when it is unknown. */
export function levelOf(rows: readonly CategoryRow[], id: string): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let level = 0;
  for (let row = byId.get(id); row !== undefined && level <= rows.length; row = byId.get(row.parent_id)) level += 1;
  return level;
}

/** The ids of a category and all its descendants. */
export function subtreeIds(rows: readonly CategoryRow[], rootId: string): Set<string> {
  const index = childrenIndex(rows);
  const ids = new Set<string>();
  const pending = [rootId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (ids.has(id)) continue;
    ids.add(id);
    pending.push(...(index.get(id) ?? []).map((row) => row.id));
  }
  return ids;
}

/** How many levels a subtree spans (1 for a leaf). */
export function subtreeHeight(rows: readonly CategoryRow[], rootId: string): number {
  const index = childrenIndex(rows);
  const height = (id: string, seen: ReadonlySet<string>): number =>
    1 + Math.max(0, ...(index.get(id) ?? []).filter((row) => !seen.has(row.id)).map((row) => height(row.id, new Set(seen).add(row.id))));
  return height(rootId, new Set([rootId]));
}

/** The whole (small) category table, which the tree and the goods' category checks are worked out from. */
export async function categoryRows(db: Kysely<Database>): Promise<CategoryRow[]> {
  const rows = await sql<CategoryRow>`select id, parent_id, name, pic_url, sort, status from goods_category`.execute(db);
  return rows.rows;
}
