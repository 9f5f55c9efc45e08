import { hiddenByPrefix, type PermissionContext } from '../../providers/access-control';

export type ToolbarButton = 'create' | 'batchDelete' | 'export' | 'import';

/**
 * The codes (after the prefix) that name each toolbar button: the admin family's names (`add`,
 * `batch_delete` with its `remove` button) and the CRUD engine's action names.
 */
const TOOLBAR_CODES: Record<ToolbarButton, readonly string[]> = {
  create: ['add'],
  batchDelete: ['batch_delete', 'remove', 'deleteBatch'],
  export: ['export', 'exportXls'],
  import: ['import', 'importExcel'],
};

/** Toolbar buttons a permission-prefix setting hides (docs/spec.md §6): those whose codes the user lacks. */
export function toolbarHiddenByPrefix(prefix: string, ctx?: PermissionContext): Set<ToolbarButton> {
  const hidden = new Set(hiddenByPrefix(prefix, ctx));
  const buttons = Object.entries(TOOLBAR_CODES) as Array<[ToolbarButton, readonly string[]]>;
  return new Set(buttons.filter(([, codes]) => codes.some((code) => hidden.has(code))).map(([button]) => button));
}
