import { EntityListPage } from '../../../src/toolkit/crud';
import { unitEntity } from '../entities';

/** 单位: the units goods are sold in (件, 箱 …). */
export default function UnitListPage() {
  return <EntityListPage entity={unitEntity} permissionPrefix={unitEntity.permission} />;
}
