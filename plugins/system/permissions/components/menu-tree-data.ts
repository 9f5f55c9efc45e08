import { MENU_TYPE, type PermissionTreeRecord } from '../entities';

/** Ids of the rows that have children: the expanded keys of 展开全部. */
export function parentIds(nodes: readonly PermissionTreeRecord[]): string[] {
  return nodes.flatMap((node) => (node.children !== undefined && node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

/** Every id of a branch, the node's own included. */
export function branchIds(node: PermissionTreeRecord): string[] {
  return [node.id, ...(node.children ?? []).flatMap(branchIds)];
}

export function findNode(nodes: readonly PermissionTreeRecord[], id: string): PermissionTreeRecord | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children ?? [], id);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

export interface ParentOption {
  title: string;
  value: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** The 上级菜单 choices: menus only (never buttons); the edited node's own branch is disabled. */
export function parentOptions(nodes: readonly PermissionTreeRecord[], editedId?: string): ParentOption[] {
  const build = (list: readonly PermissionTreeRecord[], insideEdited: boolean): ParentOption[] =>
    list
      .filter((node) => node.menuType !== MENU_TYPE.button)
      .map((node) => {
        const disabled = insideEdited || node.id === editedId;
        const children = build(node.children ?? [], disabled);
        return { title: node.name ?? '', value: node.id, ...(disabled ? { disabled } : {}), ...(children.length > 0 ? { children } : {}) };
      });
  return build(nodes, false);
}
