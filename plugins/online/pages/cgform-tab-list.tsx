import { CgformGate } from '../components/cgform-gate';
import { CgformTabList } from '../components/cgform-list-variants';

/** `modules/online/cgform/auto/tab/OnlCgformTabList`: the add/edit dialog shows the main fields and each sub table as tabs. */
export default function CgformTabListPage() {
  return <div data-testid="cgform-tab-list"><CgformGate>{(form) => <CgformTabList form={form} />}</CgformGate></div>;
}
