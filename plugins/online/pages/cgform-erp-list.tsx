import { CgformErpDetailList } from '../components/cgform-erp-detail';
import { CgformGate } from '../components/cgform-gate';

/** `modules/online/cgform/auto/erp/OnlCgformErpList`: the main list above the selected row's sub tables. */
export default function CgformErpListPage() {
  return <div data-testid="cgform-erp-list"><CgformGate>{(form) => <CgformErpDetailList form={form} />}</CgformGate></div>;
}
