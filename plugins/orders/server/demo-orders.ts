import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { AppContext, Database } from '../../../server/kit';
import type { MemberCoupon, MemberCouponService } from '../../../server/contracts/member-coupons';
import { AFTER_SALE_WAY, ORDER_TYPE } from '../entities';
import { agreeAfterSale, createAfterSale, refundAfterSale } from './after-sales/service';
import { orderDeps } from './deps';
import { CANCEL_TYPE } from './dicts';
import { closeOrder, createOrder, deliverOrder, onPaid, receiveOrder, receiverFromAddress, type Actor, type OrderDeps } from './sales/service';
import { acceptPurchase, cancelPurchase, completePurchase, confirmPurchase, createPurchaseOrder, deliverPurchase, rejectPurchase } from './purchases/service';

/**
 * Demo orders of the admin's shop (tenant 1), placed by its seeded members over the last 90 days and
 * taken through the same services a real order goes through: stock reserved, deducted and released,
 * points and growth given and taken back, every step a guarded transition with its log row. Only their
 * times are moved back afterwards (a service stamps `now()`), so that lists, tabs and reports see a
 * quarter of trade. Unpaid orders stay recent, as the close-unpaid job would close older ones, and
 * shipped orders stay within the auto-receive period. A procurement order in each of its states follows.
 */

/**
 * Each order walks its services step by step (~30 queries): on the embedded database that costs about
 * 0.1 s an order, so a fresh database's first start places at most this many; the rest of DEMO_ORDERS
 * (`npm start` asks for 3,000) are placed afterwards in the background (`backfillDemoOrders`).
 */
export const DEMO_ORDER_COUNT = 120;
/** app_meta key: the index of the next demo order the background fill places. */
const BACKFILL_KEY = 'orders.demoBackfill.next';
/** Orders between two progress lines of the background fill, each followed by the report days stored again. */
const REPORT_EVERY = 500;
const TENANT = 1;
const DAYS = 90;
const SHOP: Actor = { tenantId: TENANT, operator: 'admin' };
const HOUR_MS = 3_600_000;

type Fate = 'unpaid' | 'closed' | 'paid' | 'shipped' | 'completed' | 'refunded';

/** What becomes of order `index`: about 5 % unpaid, 12 % closed, 15 % to ship, 15 % shipped, 45 % completed, 8 % refunded. */
export function fateOf(index: number): Fate {
  const slot = (index * 37) % 100;
  if (slot < 5) return 'unpaid';
  if (slot < 17) return 'closed';
  if (slot < 32) return 'paid';
  if (slot < 47) return 'shipped';
  if (slot < 92) return 'completed';
  return 'refunded';
}

/** A deterministic spread (the same demo on every fresh database). */
const pick = <T>(list: readonly T[], index: number, salt: number): T => {
  const item = list[(index * 7_919 + salt * 104_729) % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** The order services, and the members' coupons a demo order may use. */
interface DemoDeps extends OrderDeps {
  coupons: MemberCouponService;
}

const demoDeps = (ctx: AppContext): DemoDeps => ({ ...orderDeps(ctx), coupons: ctx.services.get('memberCoupons') });

interface Buyer {
  memberId: string;
  addressId: string;
}

/** Enabled members with an address to ship to. */
const demoBuyers = (trx: Transaction<Database>, deps: OrderDeps): Promise<Buyer[]> => deps.members.membersWithAddress(trx, TENANT, 200);

/** On-shelf SKUs with room for the demo's few units each. */
const demoSkus = (trx: Transaction<Database>, deps: OrderDeps): Promise<string[]> => deps.stock.skusWithRoom(trx, TENANT, 40, 150);

async function expressIds(trx: Transaction<Database>): Promise<string[]> {
  const found = await sql<{ id: string }>`select id from sale_express where tenant_id = ${TENANT} and status = '1' order by sort`.execute(trx);
  return found.rows.map((row) => row.id);
}

/** Moves an order's times (and its log's, in order) back to `placed`; later steps follow by hours. */
async function backdate(trx: Transaction<Database>, orderId: string, placed: Date): Promise<void> {
  const at = sql`${placed}::timestamptz`;
  await sql`update sale_order set create_time = ${at},
      pay_time = case when pay_time is null then null else ${at} + interval '10 minutes' end,
      delivery_time = case when delivery_time is null then null else ${at} + interval '20 hours' end,
      receive_time = case when receive_time is null then null else ${at} + interval '3 days' end,
      finish_time = case when finish_time is null then null else ${at} + interval '3 days' end
    where id = ${orderId}`.execute(trx);
  await sql`update sale_order_item set create_time = ${at} where order_id = ${orderId}`.execute(trx);
  await sql`update sale_pay_record set create_time = ${at} + interval '10 minutes', success_time = ${at} + interval '10 minutes' where order_id = ${orderId}`.execute(trx);
  // One transaction stamps every step with the same now(): the log is put back in the order of the steps.
  await sql`update sale_order_log set create_time = ${at} + case action when 'create' then interval '0' when 'pay' then interval '10 minutes'
      when 'deliver' then interval '20 hours' when 'receive' then interval '3 days' else interval '2 hours' end
    where order_id = ${orderId}`.execute(trx);
  const afterSales = sql`(select id from sale_after_sale where order_id = ${orderId})`;
  await sql`update sale_after_sale set create_time = ${at} + interval '1 hour', audit_time = ${at} + interval '90 minutes', refund_time = ${at} + interval '2 hours'
    where order_id = ${orderId}`.execute(trx);
  await sql`update sale_after_sale_log set create_time = ${at} + case action when 'create' then interval '1 hour' when 'refund' then interval '2 hours' else interval '90 minutes' end
    where after_sale_id in ${afterSales}`.execute(trx);
  await sql`update sale_refund_order set create_time = ${at} + interval '2 hours', success_time = ${at} + interval '2 hours' where order_id = ${orderId}`.execute(trx);
}

/** A 满减 coupon's amount off, for ordering (a 折扣 coupon's none comes last). */
const amountOff = (coupon: MemberCoupon): Decimal => new Decimal(coupon.rules.discountPrice ?? -1);

/**
 * The order with one of the buyer's unused coupons when the promotions accept one for this cart (a
 * savepoint takes back a refused try), else null. The buyers hold coupons once the marketing demo has
 * run, so the orders placed in the background use some.
 */
async function withCoupon(trx: Transaction<Database>, deps: DemoDeps, actor: Actor, input: Parameters<typeof createOrder>[3]): Promise<Awaited<ReturnType<typeof createOrder>> | null> {
  if (input.memberId === null) return null;
  // The buyer's coupons valid now, the largest amount off first.
  const now = Date.now();
  const held = (await deps.coupons.listUnused(trx, TENANT, input.memberId))
    .filter((coupon) => coupon.validStartTime.getTime() <= now && coupon.validEndTime.getTime() > now)
    .sort((a, b) => amountOff(b).comparedTo(amountOff(a)) || a.id.localeCompare(b.id))
    .slice(0, 3);
  for (const coupon of held) {
    await sql`savepoint demo_coupon`.execute(trx);
    try {
      const order = await createOrder(trx, deps, actor, { ...input, couponId: coupon.id });
      await sql`release savepoint demo_coupon`.execute(trx);
      return order;
    } catch {
      await sql`rollback to savepoint demo_coupon`.execute(trx);
    }
  }
  return null;
}

/** When demo order `index` was placed: unpaid ones in the last 20 minutes, shipped ones in the last 5 days (before auto-receive), the rest in the last 90 days. */
function placedAt(index: number, fate: Fate, now: number): Date {
  const hour = 3_600_000;
  const age = fate === 'unpaid' ? (index % 20) * 60_000 : fate === 'shipped' ? (1 + (index % 100)) * hour : (1 + ((index * 7_919) % (DAYS * 24 - 1))) * hour;
  return new Date(now - age);
}

async function placeDemoOrder(trx: Transaction<Database>, deps: DemoDeps, index: number, buyers: Buyer[], skus: string[], express: string[]): Promise<void> {
  const fate = fateOf(index);
  // Unpaid orders keep the time they are placed at; the others are moved back to theirs (backdate) and numbered by
  // its shop day, their after-sale and refund by the day of those steps (backdate's offsets).
  const placed = placedAt(index, fate, Date.now());
  const at = (offsetMs: number): Actor => (fate === 'unpaid' ? SHOP : { ...SHOP, at: new Date(placed.getTime() + offsetMs) });
  const buyer = pick(buyers, index, 1);
  const lineCount = 1 + (index % 3 === 0 ? 1 : 0);
  const lines = Array.from({ length: lineCount }, (_unused, line) => ({ skuId: pick(skus, index + line * 31, 2), count: 1 + ((index + line) % 3) }));
  const receiver = await receiverFromAddress(trx, deps, TENANT, buyer.memberId, buyer.addressId);
  const input = { type: ORDER_TYPE.normal, memberId: buyer.memberId, customerId: null, lines, receiver, usePoint: 0, couponId: null, userRemark: null, payChannel: null };
  const order = (fate !== 'unpaid' && fate !== 'closed' && index % 4 === 1 ? await withCoupon(trx, deps, at(0), input) : null) ?? (await createOrder(trx, deps, at(0), input));
  if (fate === 'closed') {
    await closeOrder(trx, deps, SHOP, order.id, index % 2 === 0 ? CANCEL_TYPE.timeout : CANCEL_TYPE.buyer, index % 2 === 0 ? '超时未支付' : '买家取消');
  } else if (fate !== 'unpaid') {
    await onPaid(trx, deps, SHOP, order.id, 'demo', `DEMO${order.no}`);
    if (fate === 'refunded') {
      // 仅退款 of the first line before shipping: the stock comes back, the order ends partly or fully refunded.
      const item = await sql<{ id: string; pay_price: string }>`select id, pay_price::text as pay_price from sale_order_item where order_id = ${order.id} order by id limit 1`.execute(trx);
      const first = item.rows[0];
      if (first !== undefined) {
        const applied = await createAfterSale(trx, at(HOUR_MS), buyer.memberId, { orderItemId: first.id, way: AFTER_SALE_WAY.refund, refundPrice: new Decimal(first.pay_price), applyReason: '不想要了', applyDescription: null });
        await agreeAfterSale(trx, SHOP, applied.id);
        await refundAfterSale(trx, deps, at(2 * HOUR_MS), applied.id);
      }
    } else if (fate !== 'paid') {
      await deliverOrder(trx, SHOP, order.id, { expressId: pick(express, index, 3), logisticsNo: `DEMO${String(100_000_000 + index)}` });
      if (fate === 'completed') await receiveOrder(trx, deps, SHOP, order.id, undefined, '买家确认收货');
    }
  }
  if (fate !== 'unpaid') await backdate(trx, order.id, placed);
}

export async function seedDemoOrders(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  const tenant = await sql<{ id: number }>`select id from tenants where id = ${TENANT}`.execute(trx);
  if (tenant.rows.length === 0) return;
  const deps = demoDeps(ctx);
  const buyers = await demoBuyers(trx, deps);
  const skus = await demoSkus(trx, deps);
  const express = await expressIds(trx);
  if (buyers.length === 0 || skus.length === 0 || express.length === 0) return;
  const count = Math.min(ctx.config.demoOrders, DEMO_ORDER_COUNT);
  for (let index = 0; index < count; index += 1) await placeDemoOrder(trx, deps, index, buyers, skus, express);
  await seedDemoPurchases(trx, deps, skus);
  await trx.insertInto('app_meta').values({ key: BACKFILL_KEY, value: String(count) }).execute();
}

export interface Backfill {
  /** Settles when the fill has stopped (done, stopped, or failed). */
  done: Promise<void>;
  stop(): void;
}

/**
 * Places the demo orders beyond the first start's (up to DEMO_ORDERS) one per transaction while the
 * server runs, yielding between orders so requests are answered meanwhile; the next index is kept in
 * app_meta with each order, so a restart goes on where it stopped. An order the services refuse (a SKU
 * sold out) is skipped, as a shop's refused order would be.
 */
export function backfillDemoOrders(ctx: AppContext, log: { info(message: string): void; error(message: string): void }): Backfill {
  let stopped = false;
  const run = async (): Promise<void> => {
    const marker = await ctx.db.selectFrom('app_meta').select('value').where('key', '=', BACKFILL_KEY).executeTakeFirst();
    if (marker === undefined) return; // not a database whose demo trade was seeded
    const deps = demoDeps(ctx);
    let next = Number(marker.value);
    let placed = 0;
    let skipped = 0;
    let skus: string[] = [];
    const { buyers, express } = await ctx.db.transaction().execute(async (trx) => ({ buyers: await demoBuyers(trx, deps), express: await expressIds(trx) }));
    while (!stopped && next < ctx.config.demoOrders && buyers.length > 0 && express.length > 0) {
      if (placed % 100 === 0) skus = await ctx.db.transaction().execute((trx) => demoSkus(trx, deps));
      if (skus.length === 0) break;
      const index = next;
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await placeDemoOrder(trx, deps, index, buyers, skus, express);
          await trx.updateTable('app_meta').set({ value: String(index + 1) }).where('key', '=', BACKFILL_KEY).execute();
        });
        placed += 1;
      } catch (error) {
        skipped += 1;
        if (skipped <= 3) log.error(`demo order ${index} skipped: ${error instanceof Error ? error.message : String(error)}`);
        await ctx.db.updateTable('app_meta').set({ value: String(index + 1) }).where('key', '=', BACKFILL_KEY).execute();
      }
      next = index + 1;
      if (next % REPORT_EVERY === 0) {
        log.info(`demo orders: ${next} of ${ctx.config.demoOrders} placed`);
        await ctx.facts.rebuildAll(TENANT);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (placed + skipped > 0) log.info(`demo orders: background fill ${stopped ? 'paused' : 'done'} at ${next} (${placed} placed, ${skipped} skipped)`);
    // The orders are dated back over the last 90 days: the report days already stored are stored again.
    if (placed > 0) await ctx.facts.rebuildAll(TENANT);
  };
  const done = run().catch((error: unknown) => log.error(`demo order fill stopped: ${error instanceof Error ? error.message : String(error)}`));
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}

/** The states a demo procurement order is taken to, one order each: the list shows every tab. */
const PURCHASE_FATES = ['pending', 'confirmed', 'partlyDelivered', 'delivered', 'accepted', 'completed', 'rejected', 'cancelled'] as const;

/** A procurement order per state for the seeded customers of tenant 1, through the purchase services. */
async function seedDemoPurchases(trx: Transaction<Database>, deps: OrderDeps, skus: readonly string[]): Promise<void> {
  const customers = await deps.members.customerIds(trx, TENANT, 10);
  if (customers.length === 0) return;
  for (const [index, fate] of PURCHASE_FATES.entries()) {
    const customerId = pick(customers, index, 5);
    const lines = [0, 1].map((line) => ({ skuId: pick(skus, index * 3 + line, 7), count: 2 + ((index + line) % 4), taxPercent: line === 0 ? '13' : '6' }));
    const distinct = lines.filter((line, position) => lines.findIndex((other) => other.skuId === line.skuId) === position);
    const { id } = await createPurchaseOrder(trx, deps, SHOP, {
      customerId,
      platformNo: `ZCY${String(20_260_000 + index)}`,
      requiredDate: null,
      contractNo: `HT-DEMO-${String(index + 1).padStart(3, '0')}`,
      invoiceTitle: null,
      invoiceTaxNo: null,
      discountPrice: new Decimal(0),
      depositPrice: new Decimal(0),
      remark: null,
      lines: distinct,
    });
    if (fate === 'pending') continue;
    if (fate === 'rejected') {
      await rejectPurchase(trx, SHOP, id, '价格与平台不符');
      continue;
    }
    await confirmPurchase(trx, deps, SHOP, id);
    if (fate === 'confirmed') continue;
    if (fate === 'cancelled') {
      await cancelPurchase(trx, deps, SHOP, id, '采购单位撤单');
      continue;
    }
    const items = await sql<{ id: string; count: number }>`select id, count from zcy_purchase_order_item where order_id = ${id} order by id`.execute(trx);
    const firstPart = items.rows.map((item) => ({ itemId: item.id, count: fate === 'partlyDelivered' ? 1 : item.count }));
    await deliverPurchase(trx, deps, SHOP, id, { carrier: '顺丰速运', logisticsNo: `SFDEMO${String(index + 1).padStart(4, '0')}`, items: firstPart });
    if (fate === 'partlyDelivered' || fate === 'delivered') continue;
    await acceptPurchase(trx, SHOP, id, '验收合格');
    if (fate === 'completed') await completePurchase(trx, SHOP, id);
  }
}
