import type { DepartIdNode, DepartTreeNode } from '../entities';

/** A live department as the tree builders read it. */
export interface DepartRow {
  id: string;
  parent_id: string | null;
  org_code: string;
  depart_name: string;
  depart_name_en: string | null;
  org_category: string | null;
  sort: number;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
}

function compareRows(a: DepartRow, b: DepartRow): number {
  return a.sort - b.sort || (a.org_code < b.org_code ? -1 : a.org_code > b.org_code ? 1 : 0);
}

export function toTreeNode(row: DepartRow, children: DepartTreeNode[] = []): DepartTreeNode {
  return {
    key: row.id,
    value: row.id,
    title: row.depart_name,
    id: row.id,
    parentId: row.parent_id,
    orgCode: row.org_code,
    departName: row.depart_name,
    departNameEn: row.depart_name_en,
    orgCategory: row.org_category,
    sort: row.sort,
    mobile: row.mobile,
    fax: row.fax,
    address: row.address,
    memo: row.memo,
    isLeaf: children.length === 0,
    children,
  };
}

/** Rows grouped by parent, each group sorted by sort then code. */
function childrenIndex(rows: readonly DepartRow[]): Map<string | null, DepartRow[]> {
  const known = new Set(rows.map((row) => row.id));
  const index = new Map<string | null, DepartRow[]>();
  for (const row of rows) {
    // A row whose parent is not among the rows (deleted, or outside a subset) becomes a root.
    const parent = row.parent_id !== null && known.has(row.parent_id) ? row.parent_id : null;
    const group = index.get(parent) ?? [];
    group.push(row);
    index.set(parent, group);
  }
  for (const group of index.values()) group.sort(compareRows);
  return index;
}

/** The forest of the given rows, sorted by sort at every level. */
export function buildTree(rows: readonly DepartRow[]): DepartTreeNode[] {
  const index = childrenIndex(rows);
  const build = (parent: string | null, seen: Set<string>): DepartTreeNode[] =>
    (index.get(parent) ?? []).filter((row) => !seen.has(row.id)).map((row) => toTreeNode(row, build(row.id, new Set(seen).add(row.id))));
  return build(null, new Set());
}

export function toIdTree(nodes: readonly DepartTreeNode[]): DepartIdNode[] {
  return nodes.map((node) => ({ key: node.key, value: node.value, title: node.title, children: toIdTree(node.children) }));
}

/** The ids of `rootId` and all its descendants among the rows (empty when the root is unknown). */
export function subtreeIds(rows: readonly DepartRow[], rootId: string): Set<string> {
  const byParent = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row.id]);
  }
  const ids = new Set<string>();
  if (!rows.some((row) => row.id === rootId)) return ids;
  const pending = [rootId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (ids.has(id)) continue;
    ids.add(id);
    pending.push(...(byParent.get(id) ?? []));
  }
  return ids;
}

/**
 * The caller's departments with their subtrees, as one forest: a department already inside another
 * of the caller's subtrees is not repeated as a root.
 */
export function myDepartForest(rows: readonly DepartRow[], myIds: readonly string[]): DepartTreeNode[] {
  const covered = new Set<string>();
  for (const id of myIds) for (const member of subtreeIds(rows, id)) covered.add(member);
  return buildTree(rows.filter((row) => covered.has(row.id)));
}
