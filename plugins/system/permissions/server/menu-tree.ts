import type { WireRecord } from '../../../../server/kit';

/** A record of the 菜单管理 tree: `children` only when there are some, `isLeaf` always. */
export type TreeRecord = WireRecord & { id: string; parentId: string | null; isLeaf: boolean; children?: TreeRecord[] };

function asTreeRecord(record: WireRecord): TreeRecord {
  return { ...record, id: String(record.id), parentId: typeof record.parentId === 'string' ? record.parentId : null, isLeaf: true };
}

/**
 * Nests ordered records under their parents. A record whose parent is not among them becomes a
 * root, so a filtered list still shows every match.
 */
export function nestRecords(records: readonly WireRecord[]): TreeRecord[] {
  const nodes = records.map(asTreeRecord);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots: TreeRecord[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    if (parent === undefined || parent === node) {
      roots.push(node);
      continue;
    }
    parent.children = [...(parent.children ?? []), node];
    parent.isLeaf = false;
  }
  return roots;
}

/** The ids of the matches and of all their ancestors (so a name search keeps each match's path). */
export function withAncestors(records: readonly WireRecord[], matches: ReadonlySet<string>): Set<string> {
  const parentOf = new Map(records.map((record) => [String(record.id), typeof record.parentId === 'string' ? record.parentId : null]));
  const kept = new Set<string>();
  for (const id of matches) {
    let current: string | null = id;
    // The visited check stops on a corrupt (cyclic) chain instead of looping forever.
    while (current !== null && !kept.has(current)) {
      kept.add(current);
      current = parentOf.get(current) ?? null;
    }
  }
  return kept;
}
