import { Col, Row } from 'antd';
import { useSearchParams } from 'react-router';
import { DETAIL_TABS, DepartDetailPane, type DetailTab } from '../components/depart-detail-pane';
import { ROLE_AUTH_KEY } from '../components/depart-roles-tab';
import { DepartTreePane } from '../components/depart-tree-pane';
import { idParam } from '../components/tree-model';
import { useDepartTree } from '../components/use-depart-tree';

const DEPART_KEY = 'depart';
const TAB_KEY = 'tab';
/** URL keys that belong to one department's tabs (the role list's dialogs and search). */
const PER_DEPART_KEYS = ['roleCreate', 'roleEdit', ROLE_AUTH_KEY];

/** 部门管理: the department tree on the left, the selected department (kept in the URL) on the right. */
export default function DepartListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tree = useDepartTree();
  const departId = idParam(searchParams.get(DEPART_KEY));
  const tab: DetailTab = DETAIL_TABS.find((candidate) => candidate === searchParams.get(TAB_KEY)) ?? 'basic';

  // replace, not push: choosing a department is state of this page's tab, not a new page.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };

  const select = (id: string | null) => {
    if (id === departId) return;
    update({ [DEPART_KEY]: id, ...Object.fromEntries(PER_DEPART_KEYS.map((key) => [key, null])) });
  };

  return (
    <Row gutter={[16, 16]} className="depart-list-page">
      <Col xs={24} lg={10} xl={8}>
        <DepartTreePane tree={tree} selectedId={departId} onSelect={select} />
      </Col>
      <Col xs={24} lg={14} xl={16}>
        <DepartDetailPane tree={tree} departId={departId} tab={tab} onTabChange={(next) => update({ [TAB_KEY]: next === 'basic' ? null : next, ...Object.fromEntries(PER_DEPART_KEYS.map((key) => [key, null])) })} />
      </Col>
    </Row>
  );
}
