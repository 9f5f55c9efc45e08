import { sql, type Transaction } from 'kysely';
import type { StockLine, StockMoveContext } from '../../../../server/contracts/stock';
import { businessError, postLedgerBatch, type Database, type LedgerPosting } from '../../../../server/kit';
import { STOCK_BIZ } from '../../entities';
import { guardStockConstraints, lockSpusOfSkus, MSG_SKU_NOT_FOUND, refreshSpuStock, STOCK_LEDGER } from './ledger';

/**
 * The moves an order makes on stock (docs/reference/business-domains.md §0a, §3 "Stock reservation", the macrozheng model):
 * creating an order reserves (`lock_stock += n` only while `lock_stock + n <= stock`), payment deducts
 * (`stock -= n` and `lock_stock -= n`, a 销售出库 record), closing an unpaid order releases, a return puts
 * goods back (退货入库). Each guard sits in the UPDATE's WHERE clause, never in a read before it.
 *
 * Every function runs inside the caller's transaction (the order's), all-or-nothing: a refused line throws
 * a business error and the caller's transaction, rolled back, takes the lines already done with it.
 */

/** The contract's shapes (server/contracts/stock.ts): one definition for the goods plugin and its callers. */
export type { StockLine, StockMoveContext };

export const MSG_BAD_COUNT = '商品数量必须是正整数';
export const MSG_NO_LINES = '没有要处理的商品';
const MAX_LINE_COUNT = 100_000_000;

/** Lines merged per SKU, in SKU id order (the one lock order). */
function mergedLines(items: readonly StockLine[]): StockLine[] {
  if (items.length === 0) throw businessError(MSG_NO_LINES);
  const counts = new Map<string, number>();
  for (const item of items) {
    if (!Number.isInteger(item.count) || item.count <= 0 || item.count > MAX_LINE_COUNT) throw businessError(MSG_BAD_COUNT);
    counts.set(item.skuId, (counts.get(item.skuId) ?? 0) + item.count);
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([skuId, count]) => ({ skuId, count }));
}

/** The SKU as a person reads it: 商品名（规格）. */
async function skuName(trx: Transaction<Database>, tenantId: number, skuId: string): Promise<string> {
  const found = await sql<{ spu_name: string | null; spec_text: string | null }>`select spu_name, spec_text from goods_sku
    where id = ${skuId} and tenant_id = ${tenantId}`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(MSG_SKU_NOT_FOUND);
  return row.spec_text ? `${row.spu_name ?? ''}（${row.spec_text}）` : (row.spu_name ?? skuId);
}

export const msgStockShort = (name: string) => `商品库存不足：${name}`;
export const msgReservedShort = (name: string) => `商品预留库存不足：${name}`;

/** Refuses unknown SKUs before any row changes. */
async function knownSkus(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[]): Promise<void> {
  const found = await sql<{ n: number }>`select count(*)::int as n from goods_sku where tenant_id = ${tenantId} and id in (${sql.join(lines.map((line) => line.skuId))})`.execute(trx);
  if ((found.rows[0]?.n ?? 0) !== lines.length) throw businessError(MSG_SKU_NOT_FOUND);
}

/** Order created: reserves every line or none (`商品库存不足：<SKU>` names the first line that cannot be had). */
export async function reserveStock(trx: Transaction<Database>, tenantId: number, items: readonly StockLine[]): Promise<void> {
  const lines = mergedLines(items);
  await knownSkus(trx, tenantId, lines);
  await guardStockConstraints(async () => {
    for (const line of lines) {
      const updated = await sql<{ id: string }>`update goods_sku set lock_stock = lock_stock + ${line.count}
        where id = ${line.skuId} and tenant_id = ${tenantId} and lock_stock + ${line.count} <= stock returning id`.execute(trx);
      if (updated.rows.length === 0) throw businessError(msgStockShort(await skuName(trx, tenantId, line.skuId)));
    }
  });
}

/** Unpaid order closed: gives the reserved units back (never more than are reserved). */
export async function releaseStock(trx: Transaction<Database>, tenantId: number, items: readonly StockLine[]): Promise<void> {
  const lines = mergedLines(items);
  await knownSkus(trx, tenantId, lines);
  await guardStockConstraints(async () => {
    for (const line of lines) {
      const updated = await sql<{ id: string }>`update goods_sku set lock_stock = lock_stock - ${line.count}
        where id = ${line.skuId} and tenant_id = ${tenantId} and lock_stock >= ${line.count} returning id`.execute(trx);
      if (updated.rows.length === 0) throw businessError(msgReservedShort(await skuName(trx, tenantId, line.skuId)));
    }
  });
}

async function addSpuSales(trx: Transaction<Database>, tenantId: number, lines: readonly StockLine[]): Promise<void> {
  const values = lines.map((line) => sql`(${line.skuId}, ${line.count}::int)`);
  await sql`update goods_spu s set sales_count = s.sales_count + v.total
    from (select k.spu_id, sum(v.n)::int as total from (values ${sql.join(values)}) as v(sku_id, n)
          join goods_sku k on k.id = v.sku_id and k.tenant_id = ${tenantId} group by k.spu_id) as v
    where s.id = v.spu_id and s.tenant_id = ${tenantId}`.execute(trx);
}

/**
 * Order paid: the reserved units leave stock. The reservation is released first (guarded: at least n
 * reserved), then the stock ledger takes n off with a 销售出库 record per line; sales counts grow on the
 * SKU and its SPU, and the SPU's stock and alert follow.
 */
export async function deductReservedStock(trx: Transaction<Database>, tenantId: number, items: readonly StockLine[], context: StockMoveContext = {}): Promise<LedgerPosting[]> {
  const lines = mergedLines(items);
  return guardStockConstraints(async () => {
    const spuIds = await lockSpusOfSkus(trx, tenantId, lines.map((line) => line.skuId));
    for (const line of lines) {
      // lock_stock goes down before stock does, so `lock_stock <= stock` holds after every statement.
      const updated = await sql<{ id: string }>`update goods_sku set lock_stock = lock_stock - ${line.count}, sales_count = sales_count + ${line.count}
        where id = ${line.skuId} and tenant_id = ${tenantId} and lock_stock >= ${line.count} and stock >= ${line.count} returning id`.execute(trx);
      if (updated.rows.length === 0) throw businessError(msgReservedShort(await skuName(trx, tenantId, line.skuId)));
    }
    const postings = await postLedgerBatch(
      trx,
      STOCK_LEDGER,
      tenantId,
      lines.map((line) => ({ ownerId: line.skuId, change: -line.count, bizType: STOCK_BIZ.saleOut, bizId: context.bizId ?? null, title: '销售出库', operator: context.operator ?? null })),
    );
    await addSpuSales(trx, tenantId, lines);
    await refreshSpuStock(trx, tenantId, spuIds);
    return postings;
  });
}

/** Goods came back (an after-sale with a return): a 退货入库 record per line; the SPU follows. */
export async function returnStock(trx: Transaction<Database>, tenantId: number, items: readonly StockLine[], context: StockMoveContext = {}): Promise<LedgerPosting[]> {
  const lines = mergedLines(items);
  return guardStockConstraints(async () => {
    const spuIds = await lockSpusOfSkus(trx, tenantId, lines.map((line) => line.skuId));
    const postings = await postLedgerBatch(
      trx,
      STOCK_LEDGER,
      tenantId,
      lines.map((line) => ({ ownerId: line.skuId, change: line.count, bizType: STOCK_BIZ.returnIn, bizId: context.bizId ?? null, title: '退货入库', operator: context.operator ?? null })),
    );
    await refreshSpuStock(trx, tenantId, spuIds);
    return postings;
  });
}
