import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../server/kit';
import type { SkuProperty, SkuRecord } from '../../entities';

/** SKUs as read back: queryById's `skus` and the mini-program's detail. Money leaves as a number of yuan. */

interface SkuRow {
  id: string;
  spu_id: string;
  properties: unknown;
  spec_text: string | null;
  sku_pic_url: string | null;
  pic_url: string | null;
  bar_code: string | null;
  location: string | null;
  price: string;
  market_price: string | null;
  cost_price: string | null;
  stock: number;
  lock_stock: number;
  low_stock: number | null;
  weight: string | null;
  volume: string | null;
  first_brokerage_price: string | null;
  second_brokerage_price: string | null;
  sales_count: number;
}

/** NUMERIC text → number of yuan: two decimals at most, exact in a double's shortest form. */
export const decimalOnWire = (value: string | number | null): number | null => (value === null ? null : Number(value));

function propertiesOf(value: unknown): SkuProperty[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as SkuProperty[]) : [];
}

/** A SKU record plus what the screens show beside it: the spec text and the picture shown (own or the SPU's). */
export type SkuView = SkuRecord & { spuId: string; specText: string | null; shownPicUrl: string | null };

function toSku(row: SkuRow): SkuView {
  return {
    id: row.id,
    spuId: row.spu_id,
    properties: propertiesOf(row.properties),
    specText: row.spec_text,
    picUrl: row.sku_pic_url,
    shownPicUrl: row.pic_url,
    barCode: row.bar_code,
    location: row.location,
    price: decimalOnWire(row.price) ?? 0,
    marketPrice: decimalOnWire(row.market_price),
    costPrice: decimalOnWire(row.cost_price),
    stock: row.stock,
    lockStock: row.lock_stock,
    lowStock: row.low_stock,
    weight: decimalOnWire(row.weight),
    volume: decimalOnWire(row.volume),
    firstBrokeragePrice: decimalOnWire(row.first_brokerage_price),
    secondBrokeragePrice: decimalOnWire(row.second_brokerage_price),
    salesCount: row.sales_count,
  };
}

/** The SKUs of some SPUs of a tenant, in their saved order. */
export async function skusOf(db: Kysely<Database>, tenantId: number, spuIds: readonly string[]): Promise<SkuView[]> {
  if (spuIds.length === 0) return [];
  const rows = await sql<SkuRow>`select id, spu_id, properties, spec_text, sku_pic_url, pic_url, bar_code, location, price, market_price, cost_price, stock, lock_stock,
      low_stock, weight, volume, first_brokerage_price, second_brokerage_price, sales_count
    from goods_sku where tenant_id = ${tenantId} and spu_id in (${sql.join([...spuIds])}) order by spu_id, sort, id`.execute(db);
  return rows.rows.map(toSku);
}
