import { AttrList } from '../components/attr-list';

/** 属性: every 规格 and 参数 of every type, filtered by type and kind. */
export default function AttrListPage() {
  return <AttrList />;
}
