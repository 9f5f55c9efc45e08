import { CgformGate } from '../components/cgform-gate';
import { CgformVariantList } from '../components/cgform-list-variants';

/**
 * A generated list (`modules/online/cgform/auto/OnlCgformAutoList`, `/online/cgformList/:code`): the synchronised
 * form's definition from the server, rendered as the list its definition asks for — a tree table's tree list, a main
 * table's themeTemplate (normal, erp, tab, innerTable) — with the toolkit's pieces (search, the create/edit dialog
 * with the sub-table grids, delete, batch delete, export, import), its JavaScript enhancement run in the sandbox.
 */
export default function CgformAutoList() {
  return <div data-testid="cgform-auto-list"><CgformGate>{(form) => <CgformVariantList form={form} />}</CgformGate></div>;
}
