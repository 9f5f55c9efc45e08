import { sql, type Kysely, type Transaction } from 'kysely';
import type { SkuSnapshot, SpuName, StockService } from '../../../../server/contracts/stock';
import type { Database } from '../../../../server/kit';
import { SPU_STATUS } from '../../entities';
import { deductReservedStock, releaseStock, reserveStock, returnStock } from './moves';

/**
 * The goods plugin's `stock` service (server/contracts/stock.ts): the order documents' moves are the
 * ones of stock/moves.ts, so a sale, a close and a return obey the same guards as the stock screens.
 */

interface SnapshotRow {
  id: string;
  spu_id: string;
  spu_name: string | null;
  spec_text: string | null;
  pic_url: string | null;
  price: string | number;
  available: number;
  spu_status: string | null;
  category_id: string | null;
  delivery_template_id: string | null;
  weight: string | null;
  volume: string | null;
  unit: string | null;
  bar_code: string | null;
  location: string | null;
  sub_commission_type: boolean | null;
  first_brokerage_price: string | null;
  second_brokerage_price: string | null;
  give_integral: number;
}

/** Price as exact yuan text with two decimals (NUMERIC comes back as text; never through a float). */
function priceText(value: string | number): string {
  const text = String(value);
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

async function spuNames(db: Kysely<Database>, tenantId: number, spuIds: readonly string[]): Promise<SpuName[]> {
  if (spuIds.length === 0) return [];
  const found = await sql<{ id: string; no: string | null; name: string | null; pic_url: string | null }>`select id, no::text as no, name, pic_url from goods_spu
    where tenant_id = ${tenantId} and id in (${sql.join([...new Set(spuIds)])})`.execute(db);
  return found.rows.map((row) => ({ spuId: row.id, no: row.no === null ? null : Number(row.no), name: row.name ?? '', picUrl: row.pic_url }));
}

async function snapshots(trx: Transaction<Database>, tenantId: number, skuIds: readonly string[]): Promise<SkuSnapshot[]> {
  if (skuIds.length === 0) return [];
  const found = await sql<SnapshotRow>`select k.id, k.spu_id, coalesce(s.name, k.spu_name) as spu_name, k.spec_text,
      coalesce(k.pic_url, s.pic_url) as pic_url, k.price::text as price, (k.stock - k.lock_stock)::int as available, s.status as spu_status, s.category_id,
      s.delivery_template_id, k.weight::text as weight, k.volume::text as volume, u.name as unit, k.bar_code, k.location,
      s.sub_commission_type, k.first_brokerage_price::text as first_brokerage_price, k.second_brokerage_price::text as second_brokerage_price,
      coalesce(s.give_integral, 0)::int as give_integral
    from goods_sku k left join goods_spu s on s.id = k.spu_id and s.tenant_id = k.tenant_id left join goods_unit u on u.id = s.unit_id
    where k.tenant_id = ${tenantId} and k.id in (${sql.join([...skuIds])})`.execute(trx);
  const byId = new Map(found.rows.map((row) => [row.id, row]));
  return skuIds.flatMap((skuId) => {
    const row = byId.get(skuId);
    if (row === undefined) return [];
    return [
      {
        skuId: row.id,
        spuId: row.spu_id,
        spuName: row.spu_name ?? '',
        categoryId: row.category_id,
        specText: row.spec_text ?? '',
        picUrl: row.pic_url,
        price: priceText(row.price),
        available: row.available,
        onShelf: row.spu_status === SPU_STATUS.onShelf,
        deliveryTemplateId: row.delivery_template_id === '' ? null : row.delivery_template_id,
        weight: row.weight ?? '0',
        volume: row.volume ?? '0',
        unit: row.unit ?? '',
        barCode: row.bar_code ?? '',
        location: row.location ?? '',
        fixedCommission: row.sub_commission_type === true ? { first: priceText(row.first_brokerage_price ?? '0'), second: priceText(row.second_brokerage_price ?? '0') } : null,
        giveIntegral: row.give_integral,
      },
    ];
  });
}

async function skusWithRoom(db: Kysely<Database>, tenantId: number, available: number, limit: number): Promise<string[]> {
  const found = await sql<{ id: string }>`select k.id from goods_sku k join goods_spu s on s.id = k.spu_id
    where k.tenant_id = ${tenantId} and s.status = ${SPU_STATUS.onShelf} and k.stock - k.lock_stock >= ${available} order by k.id limit ${limit}`.execute(db);
  return found.rows.map((row) => row.id);
}

export function createStockService(): StockService {
  return {
    skusWithRoom,
    spus: spuNames,
    reserve: reserveStock,
    release: releaseStock,
    deductReserved: deductReservedStock,
    restock: returnStock,
    snapshots,
  };
}
