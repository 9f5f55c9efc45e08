import { sql, type Kysely, type RawBuilder } from 'kysely';
import { escapeLike, formatShopTime, moneyOnWire, type Database } from '../../../../server/kit';
import { DELIVERY_TYPE, ORDER_STATUS } from '../../entities';
import type { PickupOrderPage, PickupOrderRow, PickupTab } from '../../pickup-entities';
import { isOrderState, orderMachine } from '../sales/machine';

/**
 * The pickup orders of 门店核销 by store and state: 待核销 is every 到店自提 order paid and not handed over yet (exactly
 * what the dashboard's 待核销 counts, plugins/orders/server/counters.ts), 已核销 every order a store verified, newest
 * first. Each tab's count is under the same store and keyword.
 */

export interface PickupOrderQuery {
  tenantId: number;
  tab: PickupTab;
  storeId?: string;
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/** The rows of a tab: the dashboard's 待核销 counts the first. */
export function pickupTabCondition(tab: PickupTab): RawBuilder<unknown> {
  return tab === 'toVerify' ? sql`o.status = ${ORDER_STATUS.undelivered}` : sql`o.pickup_verify_time is not null`;
}

interface Row {
  id: string;
  no: string;
  status: string;
  buyer_name: string | null;
  receiver_name: string | null;
  receiver_mobile: string | null;
  pickup_store_id: string | null;
  store_name: string | null;
  spu_names: string | null;
  product_count: number;
  pay_price: string;
  pay_time: Date | null;
  pickup_verify_time: Date | null;
  verifier: string | null;
}

const shopTime = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

export async function pickupOrderPage(db: Kysely<Database>, request: PickupOrderQuery): Promise<PickupOrderPage> {
  const filters = [sql`o.tenant_id = ${request.tenantId}`, sql`o.delivery_type = ${DELIVERY_TYPE.pickUp}`];
  if (request.storeId !== undefined && request.storeId !== '') filters.push(sql`o.pickup_store_id = ${request.storeId}`);
  const keyword = request.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = `%${escapeLike(keyword)}%`;
    filters.push(sql`(o.no like ${pattern} or o.buyer_name like ${pattern} or o.receiver_name like ${pattern} or o.receiver_mobile like ${pattern})`);
  }
  const where = sql.join(filters, sql` and `);
  const counted = await sql<{ to_verify: number; verified: number }>`select count(*) filter (where ${pickupTabCondition('toVerify')})::int as to_verify,
      count(*) filter (where ${pickupTabCondition('verified')})::int as verified
    from sale_order o where ${where}`.execute(db);
  const counts = { toVerify: counted.rows[0]?.to_verify ?? 0, verified: counted.rows[0]?.verified ?? 0 };
  const total = counts[request.tab];
  const order = request.tab === 'toVerify' ? sql`o.pay_time desc nulls last, o.id desc` : sql`o.pickup_verify_time desc, o.id desc`;
  const found = await sql<Row>`select o.id, o.no, o.status, o.buyer_name, o.receiver_name, o.receiver_mobile, o.pickup_store_id, s.name as store_name,
      o.spu_names, o.product_count, o.pay_price::text as pay_price, o.pay_time, o.pickup_verify_time,
      coalesce(nullif(u.realname, ''), o.pickup_verifier) as verifier
    from sale_order o left join sale_pickup_store s on s.id = o.pickup_store_id and s.tenant_id = o.tenant_id
      left join users u on u.username = o.pickup_verifier
    where ${where} and ${pickupTabCondition(request.tab)}
    order by ${order} limit ${request.pageSize} offset ${(request.pageNo - 1) * request.pageSize}`.execute(db);
  const records: PickupOrderRow[] = found.rows.map((row) => ({
    id: row.id,
    no: row.no,
    status: row.status,
    statusText: isOrderState(row.status) ? orderMachine.states[row.status] : row.status,
    buyerName: row.buyer_name,
    receiverName: row.receiver_name,
    receiverMobile: row.receiver_mobile,
    storeId: row.pickup_store_id,
    storeName: row.store_name,
    spuNames: row.spu_names,
    productCount: row.product_count,
    payPrice: moneyOnWire(row.pay_price),
    payTime: shopTime(row.pay_time),
    verifyTime: shopTime(row.pickup_verify_time),
    verifier: row.verifier,
  }));
  return { records, total, size: request.pageSize, current: request.pageNo, pages: Math.ceil(total / request.pageSize), counts };
}
