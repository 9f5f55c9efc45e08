import { EntityListPage } from '../../../src/toolkit/crud';
import { balanceLogEntity, type BalanceLogRecord } from '../entities';

/** 余额明细: the balance ledger, read-only (list and export only: rows are never edited or deleted). */
export default function BalanceLogListPage() {
  return <EntityListPage<BalanceLogRecord> entity={balanceLogEntity} without={['create', 'edit', 'delete', 'batchDelete', 'import']} />;
}
