import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { Type } from 'typebox';
import { businessError, Id, Line, Mobile, ok, query, unauthorized, type AppContext, type Database, type WireRecord } from '../../../../server/kit';
import { DELIVERY_TYPE } from '../../entities';
import { COORDINATE_PATTERN, PICKUP_STORE_STATUS } from '../../pickup-entities';
import type { OrderDeps } from '../sales/service';
import { attachPickup, MSG_PICKUP_STORE_REQUIRED, openStore } from './verify';

/**
 * The mini-program's side of 到店自提: the shop's open stores (nearest first when the member says where they are), the
 * fields an order takes to be picked up at one (no address then, so no freight), and the store an order's detail shows
 * beside its code.
 */

/** What `/app/order/create` and `/app/order/settlement` take besides the cart for 到店自提. */
export const PICKUP_ORDER_FIELDS = {
  deliveryType: Type.Optional(Type.Union([Type.Literal(DELIVERY_TYPE.express), Type.Literal(DELIVERY_TYPE.pickUp)])),
  pickupStoreId: Type.Optional(Id),
  /** 提货人 and their phone; the member's own name and mobile when left out. */
  receiverName: Type.Optional(Line(32)),
  receiverMobile: Type.Optional(Type.Union([Mobile, Type.Literal('')])),
};

export interface PickupOrderInput {
  deliveryType?: (typeof DELIVERY_TYPE)['express' | 'pickUp'];
  pickupStoreId?: string;
  receiverName?: string;
  receiverMobile?: string;
}

/** The open store an order is to be picked up at, or null for one sent by express. */
export async function pickupStoreOf(trx: Transaction<Database>, tenantId: number, input: PickupOrderInput): Promise<{ id: string; name: string } | null> {
  if (input.deliveryType !== DELIVERY_TYPE.pickUp) return null;
  if (input.pickupStoreId === undefined) throw businessError(MSG_PICKUP_STORE_REQUIRED);
  return openStore(trx, tenantId, input.pickupStoreId);
}

/** The member's order just placed for pickup gets its store, its contact (提货人) and its verification code. */
export async function placePickup(trx: Transaction<Database>, deps: OrderDeps, me: { tenantId: number; memberId: string }, orderId: string, input: PickupOrderInput): Promise<string> {
  const store = await pickupStoreOf(trx, me.tenantId, input);
  if (store === null) throw businessError(MSG_PICKUP_STORE_REQUIRED);
  const member = await deps.members.summary(trx, me.tenantId, me.memberId);
  const name = input.receiverName?.trim() || member?.name || null;
  const mobile = input.receiverMobile?.trim() || member?.mobile || null;
  return attachPickup(trx, me.tenantId, orderId, store.id, { receiverName: name === null ? null : name.slice(0, 32), receiverMobile: mobile });
}

interface StoreRow {
  id: string;
  name: string;
  logo: string | null;
  phone: string;
  area_id: string;
  detail_address: string;
  latitude: string;
  longitude: string;
  opening_time: string;
  closing_time: string;
}

export interface AppPickupStore {
  id: string;
  name: string;
  logo: string | null;
  phone: string;
  areaId: string;
  areaName: string;
  detailAddress: string;
  latitude: number;
  longitude: number;
  openingTime: string;
  closingTime: string;
  /** Kilometres from where the member is (two decimals), or null when they did not say. */
  distance: number | null;
}

const EARTH_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in km with two decimals: a distance to show and sort by, not an amount. */
export function distanceKm(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a))) * 100) / 100;
}

async function storeRows(db: Kysely<Database>, tenantId: number, where: ReturnType<typeof sql>): Promise<StoreRow[]> {
  const found = await sql<StoreRow>`select id, name, logo, phone, area_id, detail_address, latitude, longitude, opening_time, closing_time
    from sale_pickup_store where tenant_id = ${tenantId} and ${where} order by sort nulls last, name, id`.execute(db);
  return found.rows;
}

async function appStores(ctx: Pick<AppContext, 'references'>, tenantId: number, rows: readonly StoreRow[], from: { latitude: number; longitude: number } | null): Promise<AppPickupStore[]> {
  const areas = await ctx.references.labels('region', tenantId, rows.map((row) => row.area_id));
  return rows.map((row) => {
    const at = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
    return {
      id: row.id,
      name: row.name,
      logo: row.logo,
      phone: row.phone,
      areaId: row.area_id,
      areaName: areas.get(row.area_id) ?? '',
      detailAddress: row.detail_address,
      ...at,
      openingTime: row.opening_time,
      closingTime: row.closing_time,
      distance: from === null ? null : distanceKm(from, at),
    };
  });
}

/** The detail of a member's order with its store (address, phone, hours) when it is picked up at one. */
export async function withPickupStore(ctx: Pick<AppContext, 'db' | 'references'>, tenantId: number, detail: WireRecord): Promise<WireRecord> {
  const storeId = typeof detail.pickupStoreId === 'string' ? detail.pickupStoreId : '';
  if (storeId === '') return detail;
  const [store] = await appStores(ctx, tenantId, await storeRows(ctx.db, tenantId, sql`id = ${storeId}`), null);
  return { ...detail, pickupStore: store ?? null };
}

const Coordinate = Type.String({ pattern: COORDINATE_PATTERN.source });

export function registerPickupAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  const owner = (request: FastifyRequest): number => {
    if (request.member === null) throw unauthorized();
    return request.member.tenantId;
  };

  // 自提门店 of the mini-program: the open ones, nearest first when the member's position is given.
  api.get<{ Querystring: { latitude?: string; longitude?: string; keyword?: string } }>(
    '/app/pickup/stores',
    { config: { access: 'member' as const }, schema: { querystring: query({ latitude: Type.Optional(Coordinate), longitude: Type.Optional(Coordinate), keyword: Type.Optional(Line(64)) }) } },
    async (request) => {
      const tenantId = owner(request);
      const { latitude, longitude } = request.query;
      const from = latitude !== undefined && longitude !== undefined && Math.abs(Number(latitude)) <= 90 && Math.abs(Number(longitude)) <= 180 ? { latitude: Number(latitude), longitude: Number(longitude) } : null;
      const keyword = request.query.keyword?.trim() ?? '';
      const named = keyword === '' ? sql`true` : sql`strpos(name, ${keyword}) > 0`;
      const stores = await appStores(ctx, tenantId, await storeRows(ctx.db, tenantId, sql`status = ${PICKUP_STORE_STATUS.open} and ${named}`), from);
      if (from !== null) stores.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
      return ok(stores);
    },
  );
}
