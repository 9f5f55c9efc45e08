import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { businessError, formatShopTime, isUniqueViolation, moneyOnWire, refusalFor, transitionInTransaction, type Database } from '../../../../server/kit';
import { ORDER_REFUND_STATUS, ORDER_STATUS } from '../../entities';
import { PICKUP_STORE_STATUS, type PickupLine, type PickupPreview } from '../../pickup-entities';
import { isOrderState, orderMachine } from '../sales/machine';
import { grantGoodsPoints, type Actor, type OrderDeps } from '../sales/service';

/**
 * 到店自提's codes and 门店核销 (docs/reference/business-domains.md §3 "待发货 → 已完成: pick-up 核销 by that store's staff").
 * A pickup order names its store and gets its code when it is placed: the buyer's order page shows the code from the
 * start and it never changes, a clerk scanning the code of an order not paid yet is told exactly that, and the payment
 * callback never depends on drawing a code. A code is eight digits, unique within the tenant among the open orders (the
 * database's partial unique index) and, as drawn, among every order of the tenant, so a code names one order.
 *
 * A verification is the order machine's `verify` (待发货 → 已完成, its log row `门店核销：<store>`) under the order's row
 * lock: two clerks confirming at once verify once, the second is told it is verified. Only a verifier bound to the
 * order's store may verify it, unless the user may verify for any store.
 */

export const MSG_PICKUP_CODE_UNKNOWN = '核销码不存在，请核对后重新输入';
export const MSG_PICKUP_NOT_VERIFIER = '您不是任何自提门店的核销员，不能核销';
export const msgPickupOtherStore = (store: string): string => `该订单在「${store}」自提，您不是该门店的核销员，不能核销`;
export const MSG_PICKUP_VERIFIED = '该订单已核销，不能重复核销';
export const MSG_PICKUP_UNPAID = '订单未支付，不能核销';
export const MSG_PICKUP_REFUNDED = '订单已退款，不能核销';
export const MSG_PICKUP_AFTER_SALE = '订单有售后申请正在处理，不能核销';
export const MSG_PICKUP_CLOSED = '订单已关闭，不能核销';
export const MSG_PICKUP_STORE_REQUIRED = '到店自提请选择自提门店';
export const MSG_PICKUP_STORE_UNAVAILABLE = '自提门店不存在或已停业，请重新选择';
export const MSG_PICKUP_CODE_FAILED = '核销码生成失败，请重试';
export const MSG_PICKUP_DONE = '核销成功';

const CODE_MIN = 10_000_000;
const CODE_MAX = 100_000_000;
const CODE_TRIES = 10;

/** Who verifies: the user's login name in the tenant, and whether they may verify for any store. */
export interface Verifier {
  tenantId: number;
  username: string;
  anyStore: boolean;
}

/** The order's store as the buyer picked it: the tenant's, open for business. */
export async function openStore(executor: Kysely<Database>, tenantId: number, storeId: string): Promise<{ id: string; name: string }> {
  const found = await sql<{ id: string; name: string }>`select id, name from sale_pickup_store
    where id = ${storeId} and tenant_id = ${tenantId} and status = ${PICKUP_STORE_STATUS.open}`.execute(executor);
  const store = found.rows[0];
  if (store === undefined) throw businessError(MSG_PICKUP_STORE_UNAVAILABLE);
  return store;
}

/** The pickup contact of an order (提货人): who the clerk hands the goods to. */
export interface PickupContact {
  receiverName: string | null;
  receiverMobile: string | null;
}

/**
 * Names the store of an order just placed, its contact, and draws its code (in the order's transaction). A code drawn
 * at the same moment by another order is drawn again; a savepoint keeps the order's transaction usable.
 */
export async function attachPickup(trx: Transaction<Database>, tenantId: number, orderId: string, storeId: string, contact: PickupContact): Promise<string> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const code = String(randomInt(CODE_MIN, CODE_MAX));
    await sql`savepoint pickup_code`.execute(trx);
    try {
      const updated = await sql`update sale_order set pickup_store_id = ${storeId}, pickup_code = ${code},
          receiver_name = ${contact.receiverName}, receiver_mobile = ${contact.receiverMobile}
        where id = ${orderId} and tenant_id = ${tenantId}
          and not exists (select 1 from sale_order used where used.tenant_id = ${tenantId} and used.pickup_code = ${code})`.execute(trx);
      await sql`release savepoint pickup_code`.execute(trx);
      if (Number(updated.numAffectedRows ?? 0) === 1) return code;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`rollback to savepoint pickup_code`.execute(trx);
    }
  }
  throw businessError(MSG_PICKUP_CODE_FAILED);
}

/** The ids of the stores the user is bound to as a verifier. */
export async function storesOf(executor: Kysely<Database>, tenantId: number, username: string): Promise<string[]> {
  const found = await sql<{ store_id: string }>`select store_id from sale_pickup_store_staff where tenant_id = ${tenantId} and username = ${username} order by store_id`.execute(executor);
  return found.rows.map((row) => row.store_id);
}

interface PickupOrderRow {
  id: string;
  no: string;
  status: string;
  refund_status: string;
  after_sale_open: boolean;
  member_id: string | null;
  buyer_name: string | null;
  receiver_name: string | null;
  receiver_mobile: string | null;
  pickup_store_id: string;
  store_name: string | null;
  pay_price: string;
  pay_time: Date | null;
  pickup_verify_time: Date | null;
  verifier: string | null;
}

/** The order a code names: an open one first (codes are unique among those), else the latest that had it. */
async function orderOfCode(executor: Kysely<Database>, tenantId: number, code: string, lock: boolean): Promise<PickupOrderRow> {
  const found = await sql<{ id: string }>`select id from sale_order where tenant_id = ${tenantId} and pickup_code = ${code} and pickup_store_id is not null
    order by (status in (${ORDER_STATUS.unpaid}, ${ORDER_STATUS.undelivered})) desc, create_time desc limit 1`.execute(executor);
  const id = found.rows[0]?.id;
  if (id === undefined) throw businessError(MSG_PICKUP_CODE_UNKNOWN);
  const read = await sql<PickupOrderRow>`select o.id, o.no, o.status, o.refund_status, coalesce(o.after_sale_open, false) as after_sale_open, o.member_id,
      o.buyer_name, o.receiver_name, o.receiver_mobile, o.pickup_store_id, s.name as store_name, o.pay_price::text as pay_price, o.pay_time,
      o.pickup_verify_time, coalesce(nullif(u.realname, ''), o.pickup_verifier) as verifier
    from sale_order o left join sale_pickup_store s on s.id = o.pickup_store_id and s.tenant_id = o.tenant_id
      left join users u on u.username = o.pickup_verifier
    where o.id = ${id} and o.tenant_id = ${tenantId} ${lock ? sql`for update of o` : sql``}`.execute(executor);
  const order = read.rows[0];
  if (order === undefined) throw businessError(MSG_PICKUP_CODE_UNKNOWN);
  return order;
}

/** Refused unless the user verifies for the order's store (or for any store). */
async function checkVerifier(executor: Kysely<Database>, verifier: Verifier, order: PickupOrderRow): Promise<void> {
  if (verifier.anyStore) return;
  const stores = await storesOf(executor, verifier.tenantId, verifier.username);
  if (stores.length === 0) throw businessError(MSG_PICKUP_NOT_VERIFIER);
  if (!stores.includes(order.pickup_store_id)) throw businessError(msgPickupOtherStore(order.store_name ?? ''));
}

/** Why the order cannot be handed over now, or null when it can. */
function refusalOf(order: PickupOrderRow): string | null {
  if (order.pickup_verify_time !== null) return MSG_PICKUP_VERIFIED;
  if (order.status === ORDER_STATUS.unpaid) return MSG_PICKUP_UNPAID;
  if (order.status === ORDER_STATUS.closed) return order.refund_status === ORDER_REFUND_STATUS.all ? MSG_PICKUP_REFUNDED : MSG_PICKUP_CLOSED;
  if (order.after_sale_open) return MSG_PICKUP_AFTER_SALE;
  if (order.refund_status !== ORDER_REFUND_STATUS.none) return MSG_PICKUP_REFUNDED;
  if (order.status !== ORDER_STATUS.undelivered) return isOrderState(order.status) ? refusalFor(orderMachine, order.status, 'verify') : MSG_PICKUP_CLOSED;
  return null;
}

const shopTime = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

/**
 * The order of a code as the clerk checks it before confirming: its buyer, contact, store, lines and amount, and why it
 * cannot be verified (already verified, unpaid, refunded, closed). An unknown code, or another store's order, is refused.
 */
export async function lookupPickup(db: Kysely<Database>, verifier: Verifier, code: string): Promise<PickupPreview> {
  if (!verifier.anyStore && (await storesOf(db, verifier.tenantId, verifier.username)).length === 0) throw businessError(MSG_PICKUP_NOT_VERIFIER);
  const order = await orderOfCode(db, verifier.tenantId, code, false);
  await checkVerifier(db, verifier, order);
  const lines = await sql<{ id: string; spu_name: string | null; spec_text: string | null; pic_url: string | null; price: string; count: number; pay_price: string }>`select id, spu_name,
      spec_text, pic_url, price::text as price, count, pay_price::text as pay_price
    from sale_order_item where order_id = ${order.id} and tenant_id = ${verifier.tenantId} order by id`.execute(db);
  const items: PickupLine[] = lines.rows.map((line) => ({
    id: line.id,
    spuName: line.spu_name ?? '',
    specText: line.spec_text ?? '',
    picUrl: line.pic_url,
    price: moneyOnWire(line.price),
    count: line.count,
    payPrice: moneyOnWire(line.pay_price),
  }));
  return {
    id: order.id,
    no: order.no,
    status: order.status,
    statusText: isOrderState(order.status) ? orderMachine.states[order.status] : order.status,
    buyerName: order.buyer_name,
    receiverName: order.receiver_name,
    receiverMobile: order.receiver_mobile,
    storeId: order.pickup_store_id,
    storeName: order.store_name ?? '',
    payPrice: moneyOnWire(order.pay_price),
    payTime: shopTime(order.pay_time),
    verifyTime: shopTime(order.pickup_verify_time),
    verifier: order.verifier,
    items,
    refusal: refusalOf(order),
  };
}

/**
 * 门店核销: the order of the code, locked, checked (the verifier's store, its state) and completed through the order
 * machine's `verify`; it counts as handed over (delivery) and received at once, and the goods' points are granted as on
 * any completion.
 */
export async function verifyPickup(trx: Transaction<Database>, deps: OrderDeps, verifier: Verifier, code: string): Promise<{ id: string; no: string; storeName: string }> {
  if (!verifier.anyStore && (await storesOf(trx, verifier.tenantId, verifier.username)).length === 0) throw businessError(MSG_PICKUP_NOT_VERIFIER);
  const order = await orderOfCode(trx, verifier.tenantId, code, true);
  await checkVerifier(trx, verifier, order);
  const refusal = refusalOf(order);
  if (refusal !== null) throw businessError(refusal);
  const actor: Actor = { tenantId: verifier.tenantId, operator: verifier.username };
  const storeName = order.store_name ?? '';
  await transitionInTransaction(trx, orderMachine, {
    id: order.id,
    tenantId: verifier.tenantId,
    action: 'verify',
    operator: verifier.username,
    content: storeName,
    set: {
      delivery_time: sql`now()`,
      receive_time: sql`now()`,
      finish_time: sql`now()`,
      pickup_verify_time: sql`now()`,
      pickup_verifier: verifier.username,
      update_by: verifier.username,
      update_time: sql`now()`,
    },
  });
  await grantGoodsPoints(trx, deps, actor, { id: order.id, no: order.no, member_id: order.member_id });
  return { id: order.id, no: order.no, storeName };
}
