import { sql, type Kysely, type Transaction } from 'kysely';
import { ApiError, businessError, inTransaction, postInTransaction, type Database, type LedgerDefinition, type LedgerPosting } from '../../../../server/kit';
import { STOCK_BIZ } from '../../entities';

/**
 * The stock ledger (docs/reference/business-domains.md §0a "Stock"): a SKU's `stock` changes only together with one
 * goods_stock_record row (signed count, total after), under the SKU's row lock. The SPU's `stock` (the sum)
 * and `low_stock_alert` follow in the same transaction. Every move locks the SPU rows first, then the SKU
 * rows, each in id order: one lock order for every writer, so two moves never wait on each other in a circle,
 * and the SPU's sum is recomputed only after the writer before it has committed.
 */

export const MSG_SKU_NOT_FOUND = '商品SKU不存在';
export const MSG_STOCK_CHECK = '库存不足';
export const msgAvailableShort = (available: number) => `可用库存不足，当前可用库存 ${available}`;

export const STOCK_LEDGER: LedgerDefinition = {
  owner: { table: 'goods_sku', total: 'stock' },
  ledger: { table: 'goods_stock_record', owner: 'sku_id', change: 'count', total: 'total_count' },
  unit: 'integer',
  insufficient: (current) => `库存不足，当前库存 ${current}`,
  notFound: MSG_SKU_NOT_FOUND,
};

/** PostgreSQL's check_violation: a stock constraint the guards above it should have kept from firing. */
function isCheckViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514';
}

/**
 * Runs stock work, turning a stock check constraint that still fired (a guard missed) into a business
 * refusal instead of a 500: the database is the last line, the message is the user's.
 */
export async function guardStockConstraints<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isCheckViolation(error)) throw businessError(MSG_STOCK_CHECK);
    throw error;
  }
}

/** Locks the SPU rows (id order) of the given SKUs; refuses when a SKU is unknown in the tenant. */
export async function lockSpusOfSkus(trx: Transaction<Database>, tenantId: number, skuIds: readonly string[]): Promise<string[]> {
  if (skuIds.length === 0) return [];
  const found = await sql<{ id: string; spu_id: string }>`select id, spu_id from goods_sku where tenant_id = ${tenantId} and id in (${sql.join([...skuIds])})`.execute(trx);
  if (found.rows.length !== new Set(skuIds).size) throw businessError(MSG_SKU_NOT_FOUND);
  const spuIds = [...new Set(found.rows.map((row) => row.spu_id))].sort();
  await sql`select id from goods_spu where tenant_id = ${tenantId} and id in (${sql.join(spuIds)}) order by id for update`.execute(trx);
  return spuIds;
}

/**
 * The SPU's stock (sum of its SKUs) and its low-stock alert: on when some SKU with a threshold above
 * zero holds no more than its threshold (a threshold of 0 or none means "no alert wanted").
 */
export async function refreshSpuStock(trx: Kysely<Database>, tenantId: number, spuIds: readonly string[]): Promise<void> {
  if (spuIds.length === 0) return;
  await sql`update goods_spu s set stock = a.stock, low_stock_alert = a.alert
    from (select spu_id, sum(stock)::int as stock, coalesce(bool_or(low_stock > 0 and stock <= low_stock), false) as alert
          from goods_sku where tenant_id = ${tenantId} and spu_id in (${sql.join([...spuIds])}) group by spu_id) as a
    where s.id = a.spu_id and s.tenant_id = ${tenantId}`.execute(trx);
}

export interface StockAdjustment {
  tenantId: number;
  skuId: string;
  /** Signed, non-zero integer. */
  count: number;
  reason: string;
  operator: string | null;
}

/**
 * 入库 / 出库 by hand (docs/reference/business-domains.md §2 "Stock edits"): 其它入库 for a positive count, 其它出库 for a
 * negative one, the reason as the record's title. Refuses a total below zero (库存不足，当前库存 N) and a
 * total below what orders have reserved (可用库存不足，当前可用库存 N).
 */
export async function adjustStock(db: Kysely<Database>, adjustment: StockAdjustment): Promise<LedgerPosting> {
  return guardStockConstraints(() =>
    inTransaction(db, async (trx) => {
      const [spuId] = await lockSpusOfSkus(trx, adjustment.tenantId, [adjustment.skuId]);
      const locked = await sql<{ stock: number; lock_stock: number }>`select stock, lock_stock from goods_sku
        where id = ${adjustment.skuId} and tenant_id = ${adjustment.tenantId} for update`.execute(trx);
      const row = locked.rows[0];
      if (row === undefined || spuId === undefined) throw businessError(MSG_SKU_NOT_FOUND);
      const after = row.stock + adjustment.count;
      // Below zero is the ledger's own refusal (with the total); below the reserved amount is checked here.
      if (after >= 0 && after < row.lock_stock) throw businessError(msgAvailableShort(row.stock - row.lock_stock));
      const posting = await postInTransaction(trx, STOCK_LEDGER, {
        ownerId: adjustment.skuId,
        change: adjustment.count,
        bizType: adjustment.count > 0 ? STOCK_BIZ.otherIn : STOCK_BIZ.otherOut,
        title: adjustment.reason,
        operator: adjustment.operator,
        tenantId: adjustment.tenantId,
      });
      await refreshSpuStock(trx, adjustment.tenantId, [spuId]);
      return posting;
    }),
  );
}
