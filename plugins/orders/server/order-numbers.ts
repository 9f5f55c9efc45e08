import { sql, type Transaction } from 'kysely';
import { shopDayCompact, type Database } from '../../../server/kit';

/**
 * Document numbers: a prefix, the shop's day (yyyymmdd) and a 6-digit counter per tenant, prefix and day.
 * The counter row is taken with an upsert inside the document's transaction: concurrent documents
 * queue on that row, so numbers never repeat, and a rolled-back document gives its number back.
 */

export async function nextDocumentNo(trx: Transaction<Database>, tenantId: number, prefix: string, now: Date = new Date()): Promise<string> {
  const key = `${prefix}${shopDayCompact(now)}`;
  const taken = await sql<{ value: number }>`insert into sale_no_sequence (tenant_id, prefix, value) values (${tenantId}, ${key}, 1)
    on conflict (tenant_id, prefix) do update set value = sale_no_sequence.value + 1 returning value`.execute(trx);
  const value = taken.rows[0]?.value ?? 1;
  return `${key}${String(value).padStart(6, '0')}`;
}
