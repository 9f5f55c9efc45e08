import type { PermissionAssignment, PermissionTreeNode } from '../contracts';

/**
 * The pure state rules of the permission-assignment tree, kept apart from the component so they are
 * tested alone. The tree checks strictly: a node's check never changes its parent or children.
 */

/** Checks or unchecks one key; keys hidden by a filter stay as they were. */
export function toggleChecked(checked: readonly string[], key: string, on: boolean): string[] {
  if (on) return checked.includes(key) ? [...checked] : [...checked, key];
  return checked.filter((item) => item !== key);
}

/** The save body: what is checked now and what was granted when the tree was loaded (the server diffs them). */
export function assignmentOf(checked: readonly string[], granted: readonly string[]): PermissionAssignment {
  const unique = (keys: readonly string[]) => [...new Set(keys)];
  return { permissionIds: unique(checked).join(','), lastpermissionIds: unique(granted).join(',') };
}

/** Keys of every node that has children (展开全部). */
export function parentKeys(nodes: readonly PermissionTreeNode[]): string[] {
  const keys: string[] = [];
  const walk = (list: readonly PermissionTreeNode[]) => {
    for (const node of list) {
      if (node.children !== undefined && node.children.length > 0) {
        keys.push(node.key);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return keys;
}

/** Keys of every node (全选 when the server sent no id list). */
export function allKeys(nodes: readonly PermissionTreeNode[]): string[] {
  const keys: string[] = [];
  const walk = (list: readonly PermissionTreeNode[]) => {
    for (const node of list) {
      keys.push(node.key);
      if (node.children !== undefined) walk(node.children);
    }
  };
  walk(nodes);
  return keys;
}

export interface FilteredTree {
  nodes: PermissionTreeNode[];
  /** Ancestors of the matches, to expand so the matches show. */
  expandedKeys: string[];
}

/**
 * The nodes whose title contains the text (case-insensitive), with their ancestors; a matching node
 * keeps all its children. An empty text returns the tree unchanged.
 */
export function filterTree(nodes: readonly PermissionTreeNode[], text: string): FilteredTree {
  const needle = text.trim().toLowerCase();
  if (needle === '') return { nodes: [...nodes], expandedKeys: [] };
  const expandedKeys: string[] = [];
  const visit = (list: readonly PermissionTreeNode[]): PermissionTreeNode[] => {
    const kept: PermissionTreeNode[] = [];
    for (const node of list) {
      if (node.title.toLowerCase().includes(needle)) {
        kept.push(node);
        continue;
      }
      const children = visit(node.children ?? []);
      if (children.length > 0) {
        expandedKeys.push(node.key);
        kept.push({ ...node, children });
      }
    }
    return kept;
  };
  const filtered = visit(nodes);
  return { nodes: filtered, expandedKeys };
}
