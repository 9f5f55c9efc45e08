import { sql, type Transaction } from 'kysely';
import { newId, shopDay, type AppContext, type Database } from '../../../../server/kit';
import { DELIVERY_TYPE, ORDER_TYPE } from '../../entities';
import { PICKUP_STORE_STATUS } from '../../pickup-entities';
import { orderDeps } from '../deps';
import { createOrder, onPaid, type Actor, type OrderDeps } from '../sales/service';
import { attachPickup, verifyPickup } from './verify';

/**
 * The demo shop's 到店自提 (tenant 1): three stores (two open, one 停业), the demo clerk bound to the first as its
 * verifier, and pickup orders placed by the demo buyers at the open stores over the last ten days, taken through the
 * order services (placed, coded, paid, and the older ones verified at their store), then dated back to their days.
 * Made once per database whose demo trade was seeded (its demo orders' own marker), at the first start that has this.
 */

const TENANT = 1;
const SHOP: Actor = { tenantId: TENANT, operator: 'admin' };
const HOUR_MS = 3_600_000;
/** app_meta: set once the demo's pickup data is made (or found not wanted). */
const DONE_KEY = 'orders.pickupDemo';
/** app_meta: set by the demo orders (demo-orders.ts) when this database got the demo trade. */
const DEMO_TRADE_KEY = 'orders.demoBackfill.next';
export const DEMO_PICKUP_ORDERS = 8;
/** The first ones are verified, the rest wait at their store (待核销). */
const VERIFIED = 5;
/** How long ago the oldest is placed (hoursAgo of the last verified one). */
const OLDEST_HOURS = 48 + (VERIFIED - 1) * 40;

interface DemoStore {
  name: string;
  phone: string;
  areaId: string;
  detailAddress: string;
  latitude: string;
  longitude: string;
  openingTime: string;
  closingTime: string;
  status: string;
}

const STORES: readonly DemoStore[] = [
  { name: '人民广场店', phone: '021-63210001', areaId: '310101', detailAddress: '南京东路 100 号', latitude: '31.234000', longitude: '121.475300', openingTime: '09:00', closingTime: '21:00', status: PICKUP_STORE_STATUS.open },
  { name: '陆家嘴店', phone: '021-58880002', areaId: '310115', detailAddress: '世纪大道 88 号', latitude: '31.235900', longitude: '121.501400', openingTime: '10:00', closingTime: '22:00', status: PICKUP_STORE_STATUS.open },
  { name: '徐家汇店', phone: '021-64380003', areaId: '310104', detailAddress: '漕溪北路 18 号', latitude: '31.194300', longitude: '121.437400', openingTime: '09:30', closingTime: '20:30', status: PICKUP_STORE_STATUS.closed },
];
const CLERK = 'clerk';

async function insertStores(trx: Transaction<Database>): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, store] of STORES.entries()) {
    const id = newId();
    await sql`insert into sale_pickup_store (id, name, phone, area_id, detail_address, latitude, longitude, opening_time, closing_time, status, sort, create_by, create_time, tenant_id)
      values (${id}, ${store.name}, ${store.phone}, ${store.areaId}, ${store.detailAddress}, ${store.latitude}, ${store.longitude}, ${store.openingTime}, ${store.closingTime},
        ${store.status}, ${index + 1}, ${SHOP.operator}, now(), ${TENANT})`.execute(trx);
    ids.push(id);
  }
  return ids;
}

/** The demo clerk verifies for the first store (when the clerk works in the demo shop). */
async function bindClerk(trx: Transaction<Database>, storeId: string): Promise<boolean> {
  const clerk = await sql<{ username: string }>`select u.username from users u join user_tenant t on t.user_id = u.id and t.tenant_id = ${TENANT}
    where u.username = ${CLERK} and u.del_flag = 0`.execute(trx);
  if (clerk.rows.length === 0) return false;
  await sql`insert into sale_pickup_store_staff (id, store_id, username, create_by, create_time, tenant_id) values (${newId()}, ${storeId}, ${CLERK}, ${SHOP.operator}, now(), ${TENANT})`.execute(trx);
  return true;
}

/** The demo buyers and goods, as the demo orders used them: members who ordered, SKUs still on sale with stock to spare. */
async function buyersAndSkus(trx: Transaction<Database>, deps: OrderDeps): Promise<{ buyers: string[]; skus: string[] }> {
  const buyers = await sql<{ member_id: string }>`select distinct member_id from sale_order where tenant_id = ${TENANT} and member_id is not null and type = ${ORDER_TYPE.normal}
    order by member_id limit 20`.execute(trx);
  const lines = await sql<{ sku_id: string }>`select distinct sku_id from sale_order_item where tenant_id = ${TENANT} order by sku_id limit 80`.execute(trx);
  const snapshots = await deps.stock.snapshots(trx, TENANT, lines.rows.map((row) => row.sku_id));
  return { buyers: buyers.rows.map((row) => row.member_id), skus: snapshots.filter((sku) => sku.onShelf && sku.available >= 10).map((sku) => sku.skuId) };
}

/** Moves a demo pickup order's times back to `placed`: paid ten minutes later, verified a day after that. */
async function backdate(trx: Transaction<Database>, orderId: string, placed: Date): Promise<void> {
  const at = sql`${placed}::timestamptz`;
  const verified = sql`${at} + interval '26 hours'`;
  await sql`update sale_order set create_time = ${at}, pay_time = ${at} + interval '10 minutes',
      delivery_time = case when delivery_time is null then null else ${verified} end,
      receive_time = case when receive_time is null then null else ${verified} end,
      finish_time = case when finish_time is null then null else ${verified} end,
      pickup_verify_time = case when pickup_verify_time is null then null else ${verified} end,
      update_time = case when update_time is null then null else ${verified} end
    where id = ${orderId}`.execute(trx);
  await sql`update sale_order_item set create_time = ${at} where order_id = ${orderId}`.execute(trx);
  await sql`update sale_pay_record set create_time = ${at} + interval '10 minutes', success_time = ${at} + interval '10 minutes' where order_id = ${orderId}`.execute(trx);
  await sql`update sale_order_log set create_time = case action when 'create' then ${at} when 'pay' then ${at} + interval '10 minutes' else ${verified} end
    where order_id = ${orderId}`.execute(trx);
}

async function placeDemoPickups(trx: Transaction<Database>, ctx: AppContext, storeIds: readonly string[], clerkBound: boolean): Promise<number> {
  const deps = orderDeps(ctx);
  const { buyers, skus } = await buyersAndSkus(trx, deps);
  if (buyers.length === 0 || skus.length === 0) return 0;
  const open = storeIds.slice(0, 2);
  const now = Date.now();
  let placed = 0;
  for (let index = 0; index < DEMO_PICKUP_ORDERS; index += 1) {
    const verified = index < VERIFIED;
    // Verified ones over the last ten days; those waiting at the store were paid within the last two.
    const hoursAgo = verified ? 48 + index * 40 : 3 + (index - VERIFIED) * 14;
    const when = new Date(now - hoursAgo * HOUR_MS);
    const storeIndex = index % open.length;
    const storeId = open[storeIndex];
    const buyer = buyers[(index * 7) % buyers.length];
    const sku = skus[(index * 11) % skus.length];
    if (storeId === undefined || buyer === undefined || sku === undefined) continue;
    const actor: Actor = { ...SHOP, at: when };
    const order = await createOrder(trx, deps, actor, {
      type: ORDER_TYPE.normal,
      memberId: buyer,
      customerId: null,
      lines: [{ skuId: sku, count: 1 + (index % 2) }],
      receiver: null,
      usePoint: 0,
      couponId: null,
      userRemark: null,
      payChannel: null,
      deliveryType: DELIVERY_TYPE.pickUp,
    });
    const member = await deps.members.summary(trx, TENANT, buyer);
    const code = await attachPickup(trx, TENANT, order.id, storeId, { receiverName: member?.name.slice(0, 32) || null, receiverMobile: member?.mobile ?? null });
    await onPaid(trx, deps, SHOP, order.id, 'demo', `DEMO${order.no}`);
    if (verified) {
      // The clerk verifies at the store they are bound to; the admin (any store) at the other.
      const clerkStore = clerkBound && storeIndex === 0;
      await verifyPickup(trx, deps, { tenantId: TENANT, username: clerkStore ? CLERK : 'admin', anyStore: !clerkStore }, code);
    }
    await backdate(trx, order.id, when);
    placed += 1;
  }
  return placed;
}

/**
 * Makes the demo's pickup data once, in one transaction with its marker (a second instance starting at the same time
 * waits on the marker and finds it made); stores the report days again when orders were dated back.
 */
export async function seedDemoPickupOnce(ctx: AppContext, log: { info(message: string): void }): Promise<void> {
  const demoTrade = await sql<{ key: string }>`select key from app_meta where key = ${DEMO_TRADE_KEY}`.execute(ctx.db);
  if (demoTrade.rows.length === 0) return;
  const placed = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await sql<{ key: string }>`insert into app_meta (key, value) values (${DONE_KEY}, '1') on conflict (key) do nothing returning key`.execute(trx);
    if (claimed.rows.length === 0) return null;
    const tenant = await sql<{ id: number }>`select id from tenants where id = ${TENANT}`.execute(trx);
    if (tenant.rows.length === 0) return 0;
    const storeIds = await insertStores(trx);
    const first = storeIds[0];
    const clerkBound = first !== undefined && (await bindClerk(trx, first));
    return placeDemoPickups(trx, ctx, storeIds, clerkBound);
  });
  if (placed === null) return;
  // Days the reports stored already (the 报表日结 at start may have run meanwhile) are stored again with these orders; a
  // shop not rolled up yet stores them when it is.
  if (placed > 0 && (await ctx.facts.rolledThrough(TENANT)) !== null) await ctx.facts.rebuild(TENANT, shopDay(new Date(Date.now() - OLDEST_HOURS * HOUR_MS)), ctx.facts.today());
  log.info(`demo pickup: ${STORES.length} stores, ${placed} pickup orders`);
}
