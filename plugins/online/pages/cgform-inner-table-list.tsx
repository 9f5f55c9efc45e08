import { CgformGate } from '../components/cgform-gate';
import { CgformInnerTableList } from '../components/cgform-list-variants';

/** `modules/online/cgform/auto/innerTable/OnlCgformInnerTableList`: main rows expand to show their sub rows. */
export default function CgformInnerTableListPage() {
  return <div data-testid="cgform-inner-table-list"><CgformGate>{(form) => <CgformInnerTableList form={form} />}</CgformGate></div>;
}
