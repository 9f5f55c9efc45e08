import { EntityListPage } from '../../../src/toolkit/crud';
import { groupEntity, type GroupRecord } from '../entities';

/** 客户分组: 名称, 备注, 状态. */
export default function GroupListPage() {
  return <EntityListPage<GroupRecord> entity={groupEntity} />;
}
