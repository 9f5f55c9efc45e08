import { CgformGate } from '../components/cgform-gate';
import { CgformStandardList } from '../components/cgform-list-variants';

/** `modules/online/cgform/auto/OnlCgformTreeList`: a tree table's list (roots, rows opened level by level, 添加下级). */
export default function CgformTreeList() {
  return <div data-testid="cgform-tree-list"><CgformGate>{(form) => <CgformStandardList form={form} />}</CgformGate></div>;
}
