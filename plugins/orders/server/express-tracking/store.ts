import { sql, type Kysely, type Transaction } from 'kysely';
import { newId, type Database } from '../../../../server/kit';
import { DELIVERY_TYPE, ORDER_STATUS } from '../../entities';
import { kuaidi100Com } from './companies';
import type { ExpressTrack, TrackSnapshot } from './contract';

/**
 * sale_express_track and its events (migrations/0006-express-tracks.ts): the queries the tracking service, the job and
 * the routes use, each named for what it does.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const SUBSCRIBE_STATE = { none: '0', subscribed: '1', failed: '2' } as const;

/** A track row with what an adapter needs from its order. */
export interface TrackRow {
  id: string;
  tenant_id: number;
  order_id: string;
  express_id: string | null;
  com: string;
  logistics_no: string;
  subscribe_state: string;
  subscribe_reason: string | null;
  subscribe_attempts: number;
  next_attempt_time: Date | null;
  last_state: string | null;
  signed_time: Date | null;
  received_time: Date | null;
  update_time: Date;
  phone: string | null;
  delivered_at: Date | null;
  express_name: string | null;
}

export const trackOf = (row: TrackRow): ExpressTrack => ({
  id: row.id,
  tenantId: row.tenant_id,
  com: row.com,
  logisticsNo: row.logistics_no,
  phone: row.phone,
  deliveredAt: row.delivered_at,
  expressName: row.express_name,
});

/** The track's columns with its order's receiver mobile, shipping time and company name. */
const TRACK_COLUMNS = sql`t.id, t.tenant_id, t.order_id, t.express_id, t.com, t.logistics_no, t.subscribe_state, t.subscribe_reason, t.subscribe_attempts,
  t.next_attempt_time, t.last_state, t.signed_time, t.received_time, t.update_time, o.receiver_mobile as phone, o.delivery_time as delivered_at, e.name as express_name`;
const TRACK_FROM = sql`sale_express_track t join sale_order o on o.id = t.order_id and o.tenant_id = t.tenant_id
  left join sale_express e on e.id = t.express_id and e.tenant_id = t.tenant_id`;

interface ShippedOrder {
  id: string;
  tenant_id: number;
  express_id: string | null;
  logistics_no: string;
  express_code: string | null;
}

/**
 * Tracks for the orders shipped by express (within `withinDays`, still 已发货; or the one order named) that have none yet:
 * newest first, at most `limit`. Another pass making the same track at the same time loses quietly (one per order and tenant).
 */
export async function createMissingTracks(db: Kysely<Database>, options: { withinDays: number; limit: number; tenantId?: number; orderId?: string }): Promise<number> {
  // The pass: recent 已发货 orders. One order asked for by staff (刷新): also once completed.
  const only =
    options.orderId === undefined || options.tenantId === undefined
      ? sql`o.status = ${ORDER_STATUS.delivered} and o.delivery_time > now() - make_interval(days => ${options.withinDays})`
      : sql`o.id = ${options.orderId} and o.tenant_id = ${options.tenantId} and o.status in (${ORDER_STATUS.delivered}, ${ORDER_STATUS.completed})`;
  const found = await sql<ShippedOrder>`select o.id, o.tenant_id, o.express_id, o.logistics_no, e.code as express_code
    from sale_order o left join sale_express e on e.id = o.express_id and e.tenant_id = o.tenant_id
    where o.delivery_type = ${DELIVERY_TYPE.express} and coalesce(o.logistics_no, '') <> '' and ${only}
      and not exists (select 1 from sale_express_track t where t.tenant_id = o.tenant_id and t.order_id = o.id)
    order by o.delivery_time desc nulls last limit ${options.limit}`.execute(db);
  let created = 0;
  for (const order of found.rows) {
    const inserted = await sql`insert into sale_express_track (id, tenant_id, order_id, express_id, com, logistics_no, subscribe_state, next_attempt_time)
      values (${newId()}, ${order.tenant_id}, ${order.id}, ${order.express_id}, ${kuaidi100Com(order.express_code)}, ${order.logistics_no.trim()}, ${SUBSCRIBE_STATE.none}, now())
      on conflict (tenant_id, order_id) do nothing`.execute(db);
    created += Number(inserted.numAffectedRows ?? 0);
  }
  return created;
}

/**
 * Claims up to `limit` tracks whose subscription is due (never tried, or failed with its retry time come and attempts
 * left) by moving their next attempt `leaseSeconds` ahead, so a pass running beside this one (the job and a kick, or
 * another instance) never subscribes the same waybill twice.
 */
export async function claimDueSubscriptions(db: Kysely<Database>, options: { limit: number; leaseSeconds: number; maxAttempts: number }): Promise<TrackRow[]> {
  const claimed = await sql<{ id: string }>`update sale_express_track set next_attempt_time = now() + make_interval(secs => ${options.leaseSeconds})
    where id in (select id from sale_express_track where subscribe_state <> ${SUBSCRIBE_STATE.subscribed} and next_attempt_time <= now()
      and subscribe_attempts < ${options.maxAttempts} order by next_attempt_time limit ${options.limit} for update skip locked)
    returning id`.execute(db);
  if (claimed.rows.length === 0) return [];
  const ids = claimed.rows.map((row) => row.id);
  const rows = await sql<TrackRow>`select ${TRACK_COLUMNS} from ${TRACK_FROM} where t.id in (${sql.join(ids)}) order by t.create_time`.execute(db);
  return rows.rows;
}

export async function markSubscribed(db: Kysely<Database>, trackId: string): Promise<void> {
  await sql`update sale_express_track set subscribe_state = ${SUBSCRIBE_STATE.subscribed}, subscribe_reason = null, subscribe_attempts = subscribe_attempts + 1,
    next_attempt_time = null, subscribe_time = now(), update_time = now() where id = ${trackId}`.execute(db);
}

/** A refused or failed subscription: the reason kept for staff, and the next attempt after `retryInSeconds` (none: given up). */
export async function markSubscribeFailed(db: Kysely<Database>, trackId: string, reason: string, retryInSeconds: number | null): Promise<void> {
  const next = retryInSeconds === null ? sql`null` : sql`now() + make_interval(secs => ${retryInSeconds})`;
  await sql`update sale_express_track set subscribe_state = ${SUBSCRIBE_STATE.failed}, subscribe_reason = ${reason.slice(0, 255)},
    subscribe_attempts = subscribe_attempts + 1, next_attempt_time = ${next}, update_time = now() where id = ${trackId}`.execute(db);
}

/** kuaidi100 stopped following the waybill (status abort) before it was signed for: subscribe again after `retryInSeconds`. */
export async function markAborted(db: Db, trackId: string, reason: string, retryInSeconds: number): Promise<void> {
  await sql`update sale_express_track set subscribe_state = ${SUBSCRIBE_STATE.failed}, subscribe_reason = ${reason.slice(0, 255)},
    next_attempt_time = now() + make_interval(secs => ${retryInSeconds}), update_time = now() where id = ${trackId} and signed_time is null`.execute(db);
}

/** The subscribed tracks not yet finished (signed for or returned), least recently updated first: the demo's pass asks about these. */
export async function openTracks(db: Kysely<Database>, limit: number): Promise<TrackRow[]> {
  const rows = await sql<TrackRow>`select ${TRACK_COLUMNS} from ${TRACK_FROM}
    where t.subscribe_state = ${SUBSCRIBE_STATE.subscribed} and t.signed_time is null and coalesce(t.last_state, '') <> '4'
    order by t.update_time limit ${limit}`.execute(db);
  return rows.rows;
}

/** The tracks of a waybill number, in every shop (a push names only the number; its sign says whose it is). */
export async function tracksByNumber(db: Kysely<Database>, logisticsNo: string): Promise<TrackRow[]> {
  const rows = await sql<TrackRow>`select ${TRACK_COLUMNS} from ${TRACK_FROM} where t.logistics_no = ${logisticsNo} order by t.create_time desc limit 20`.execute(db);
  return rows.rows;
}

export async function trackOfOrder(db: Db, tenantId: number, orderId: string): Promise<TrackRow | null> {
  const rows = await sql<TrackRow>`select ${TRACK_COLUMNS} from ${TRACK_FROM} where t.tenant_id = ${tenantId} and t.order_id = ${orderId}`.execute(db);
  return rows.rows[0] ?? null;
}

export interface Applied {
  /** Events that were new. */
  added: number;
  /** The track became signed for with this snapshot (it was not before). */
  newlySigned: boolean;
}

/**
 * Stores what a snapshot says (a push, a query, the demo): its events not stored yet (a repeated one adds nothing), the
 * carrier's state, and when it was signed for (the newest event's time, the first time it is). The track row is
 * locked for the while, so two snapshots of one waybill are stored one after the other.
 */
export async function applySnapshot(trx: Transaction<Database>, track: Pick<TrackRow, 'id' | 'tenant_id'>, snapshot: TrackSnapshot): Promise<Applied> {
  const locked = await sql<{ signed_time: Date | null }>`select signed_time from sale_express_track where id = ${track.id} for update`.execute(trx);
  const before = locked.rows[0];
  if (before === undefined) return { added: 0, newlySigned: false };
  let added = 0;
  for (const event of snapshot.events) {
    const inserted = await sql`insert into sale_express_track_event (id, tenant_id, track_id, event_time, context, location, status)
      values (${newId()}, ${track.tenant_id}, ${track.id}, ${event.time}, ${event.context}, ${event.location?.slice(0, 255) ?? null}, ${event.status?.slice(0, 32) ?? null})
      on conflict do nothing`.execute(trx);
    added += Number(inserted.numAffectedRows ?? 0);
  }
  const newest = snapshot.events.reduce<Date | null>((latest, event) => (latest === null || event.time > latest ? event.time : latest), null);
  const newlySigned = snapshot.signed && before.signed_time === null;
  const signedAt = newlySigned ? sql`${newest ?? new Date()}::timestamptz` : sql`signed_time`;
  // A snapshot without a state (query 查询无结果) leaves the one known.
  await sql`update sale_express_track set last_state = coalesce(${snapshot.state}, last_state), signed_time = ${signedAt}, update_time = now()
    where id = ${track.id}`.execute(trx);
  return { added, newlySigned };
}

/** Marks the track as having completed its order; false when it had already (the order is completed once). */
export async function claimReceipt(trx: Transaction<Database>, trackId: string): Promise<boolean> {
  const claimed = await sql`update sale_express_track set received_time = now() where id = ${trackId} and received_time is null and signed_time is not null`.execute(trx);
  return Number(claimed.numAffectedRows ?? 0) === 1;
}

export async function orderStatusOf(db: Db, tenantId: number, orderId: string): Promise<string | null> {
  const found = await sql<{ status: string }>`select status from sale_order where id = ${orderId} and tenant_id = ${tenantId}`.execute(db);
  return found.rows[0]?.status ?? null;
}

export interface OrderShipment {
  status: string;
  delivery_type: string | null;
  logistics_no: string | null;
}

export async function orderShipment(db: Db, tenantId: number, orderId: string): Promise<OrderShipment | null> {
  const found = await sql<OrderShipment>`select status, delivery_type, logistics_no from sale_order where id = ${orderId} and tenant_id = ${tenantId}`.execute(db);
  return found.rows[0] ?? null;
}

export interface EventRow {
  event_time: Date;
  context: string;
  location: string | null;
  status: string | null;
}

/** A track's events, newest first (as carriers list them). */
export async function eventsOf(db: Db, trackId: string): Promise<EventRow[]> {
  const rows = await sql<EventRow>`select event_time, context, location, status from sale_express_track_event where track_id = ${trackId}
    order by event_time desc, create_time desc`.execute(db);
  return rows.rows;
}
