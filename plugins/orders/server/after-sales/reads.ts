import { sql, type Kysely } from 'kysely';
import { allowedActions, loadDictionaries, selectColumnsSql, toRecord, type Database, type DictLookup, type Row, type WireRecord } from '../../../../server/kit';
import { afterSaleEntity, afterSaleLogEntity } from '../../entities';
import { afterSaleMachine, type AfterSaleState } from './machine';

/** An after-sale as its detail shows it: its fields, its log (oldest first) and the actions its state allows. */
export async function afterSaleDetail(db: Kysely<Database>, lookup: DictLookup, tenantId: number, id: string, memberId?: string): Promise<WireRecord | null> {
  const owner = memberId === undefined ? sql`true` : sql`member_id = ${memberId}`;
  const found = await sql<Row>`select ${selectColumnsSql(afterSaleEntity)} from sale_after_sale where id = ${id} and tenant_id = ${tenantId} and ${owner}`.execute(db);
  const row = found.rows[0];
  if (row === undefined) return null;
  const record = toRecord(afterSaleEntity, row, await loadDictionaries(afterSaleEntity, lookup));
  await lookup.references?.(afterSaleEntity, [record]);
  const logRows = await sql<Row>`select ${selectColumnsSql(afterSaleLogEntity)} from sale_after_sale_log where after_sale_id = ${id} and tenant_id = ${tenantId} order by create_time, id`.execute(db);
  const logDicts = await loadDictionaries(afterSaleLogEntity, lookup);
  const status = String(record.status);
  const actions = status in afterSaleMachine.states ? allowedActions(afterSaleMachine, status as AfterSaleState) : [];
  return { ...record, logs: logRows.rows.map((log) => toRecord(afterSaleLogEntity, log, logDicts)), actions };
}
