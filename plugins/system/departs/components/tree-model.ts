import type { DepartTreeNode } from '../entities';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/** Pure helpers over the department tree the screen shows. */

export interface TreeIndex {
  byId: Map<string, DepartTreeNode>;
  /** Parent id of each department (null at the top). */
  parentOf: Map<string, string | null>;
}

export function indexTree(nodes: readonly DepartTreeNode[]): TreeIndex {
  const byId = new Map<string, DepartTreeNode>();
  const parentOf = new Map<string, string | null>();
  const walk = (level: readonly DepartTreeNode[], parent: string | null) => {
    for (const node of level) {
      byId.set(node.id, node);
      parentOf.set(node.id, parent);
      walk(node.children, node.id);
    }
  };
  walk(nodes, null);
  return { byId, parentOf };
}

/** Keys of every node that has children: what 展开全部 expands. */
export function expandableKeys(nodes: readonly DepartTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...expandableKeys(node.children)] : []));
}

/** The ancestors of a department, nearest last (so it can be revealed in the tree). */
export function ancestorIds(index: TreeIndex, id: string): string[] {
  const chain: string[] = [];
  const seen = new Set<string>([id]);
  for (let parent = index.parentOf.get(id) ?? null; parent !== null && !seen.has(parent); parent = index.parentOf.get(parent) ?? null) {
    seen.add(parent);
    chain.unshift(parent);
  }
  return chain;
}

/** A department and everything below it (the parents it cannot be moved under). */
export function subtreeIds(node: DepartTreeNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** What antd's Tree reports about a drop, reduced to what decides the new parent. */
export interface DropInfo {
  dragId: string;
  dropId: string;
  /** false: dropped onto the node; true: dropped into the gap beside it. */
  dropToGap: boolean;
}

/**
 * The parent a drop asks for: onto a node makes it the parent; beside a node makes the department
 * that node's sibling. `undefined` when nothing would change.
 */
export function parentAfterDrop(index: TreeIndex, drop: DropInfo): string | null | undefined {
  if (drop.dragId === drop.dropId) return undefined;
  const parent = drop.dropToGap ? (index.parentOf.get(drop.dropId) ?? null) : drop.dropId;
  return parent === (index.parentOf.get(drop.dragId) ?? null) ? undefined : parent;
}


/** An id read from the URL, or null when it is missing or malformed. */
export function idParam(value: string | null): string | null {
  return value !== null && RECORD_ID_PATTERN.test(value) ? value : null;
}
