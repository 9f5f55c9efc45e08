import { EntityListPage } from '../../../src/toolkit/crud';
import { pointsLogEntity, type PointsLogRecord } from '../entities';

/** 积分明细: the points ledger, read-only (list and export only: rows are never edited or deleted). */
export default function PointsLogListPage() {
  return <EntityListPage<PointsLogRecord> entity={pointsLogEntity} without={['create', 'edit', 'delete', 'batchDelete', 'import']} />;
}
