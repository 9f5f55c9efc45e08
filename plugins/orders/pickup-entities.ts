import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * 到店自提 (docs/reference/business-domains.md §3, an order's "pick-up store and code"): the shop's pickup stores, the staff
 * bound to each as its verifiers (核销员), and the calls of the 门店核销 screen. Read by the screens and the server alike;
 * the server's side is plugins/orders/server/pickup/.
 */

/** 营业 / 停业 of a store (seeded by plugins/orders/server/pickup/dicts.ts). */
export const PICKUP_STORE_STATUS_DICT = 'sale_pickup_store_status';
/** Table dictionary of the tenant's stores (value id, text name), closed ones included: an order names its store by it. */
export const PICKUP_STORE_DICT = 'sale_pickup_store';
export const PICKUP_STORE_STATUS = { open: '1', closed: '0' } as const;

/** A store's opening and closing time as the server keeps them (`09:00`). */
export const OPENING_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** Latitude and longitude as text, at most six decimals (about 0.1 m): a decimal field keeps two. */
export const COORDINATE_PATTERN = /^-?[0-9]{1,3}(\.[0-9]{1,6})?$/;
/** A verification code: digits only (a USB scanner types it like a keyboard). */
export const PICKUP_CODE_PATTERN = /^[0-9]{4,16}$/;

const label = (field: string) => `orderPickup:store.fields.${field}`;

export const pickupStoreEntity = defineEntity({
  table: 'sale_pickup_store',
  api: '/saleorder/pickupStore',
  permission: 'saleorder:pickupStore',
  tenantScoped: true,
  title: 'orderPickup:store.title',
  fields: {
    name: { type: 'string', label: label('name'), required: true, max: 64, search: 'like', unique: true, sortable: true },
    logo: { type: 'image', label: label('logo') },
    phone: { type: 'string', label: label('phone'), required: true, max: 20, search: 'like' },
    areaId: { type: 'string', label: label('areaId'), required: true, max: 32, ref: 'region' },
    detailAddress: { type: 'string', label: label('detailAddress'), required: true, max: 255 },
    latitude: { type: 'string', label: label('latitude'), required: true, max: 12, list: false },
    longitude: { type: 'string', label: label('longitude'), required: true, max: 12, list: false },
    // The list shows both ends as one column (营业时间, pages/pickup-store-list.tsx).
    openingTime: { type: 'string', label: label('openingTime'), required: true, max: 5, list: false },
    closingTime: { type: 'string', label: label('closingTime'), required: true, max: 5, list: false },
    status: { type: 'dict', label: label('status'), dict: PICKUP_STORE_STATUS_DICT, required: true, search: 'eq', defaultValue: PICKUP_STORE_STATUS.open },
    sort: { type: 'int', label: label('sort'), min: 0, max: 9999, sortable: true, list: false },
  },
});

export type PickupStoreRecord = EntityRecord<typeof pickupStoreEntity>;

/** The calls beyond the engine's list/add/edit/delete of the stores, and those of 门店核销. */
export const PICKUP_API = {
  /** The tenant's staff a store may bind (`keyword` searches login name and name). */
  staffOptions: '/saleorder/pickupStore/staffOptions',
  /** The verifiers by store (`storeIds` comma-separated, or every store): `{ [storeId]: PickupStaff[] }`. */
  staffOf: '/saleorder/pickupStore/staffOf',
  /** Replaces a store's verifiers: `{ storeId, usernames }`. */
  saveStaff: '/saleorder/pickupStore/saveStaff',
  /** The stores the signed-in user verifies for, and whether for any store. */
  myStores: '/saleorder/pickupVerify/myStores',
  /** The order of a code, as the clerk sees it before confirming (`?code=`). */
  lookup: '/saleorder/pickupVerify/lookup',
  /** 核销 `{ code }`. */
  verify: '/saleorder/pickupVerify/verify',
  /** The pickup orders by store and state (`tab` toVerify | verified, `storeId`, `keyword`). */
  orders: '/saleorder/pickupOrder/list',
} as const;

export const PICKUP_PERMISSIONS = {
  staff: 'saleorder:pickupStore:staff',
  verify: 'saleorder:pickupVerify:verify',
  /** Verify for any store, not only those the user is bound to (admins hold every code). */
  anyStore: 'saleorder:pickupVerify:anyStore',
  orders: 'saleorder:pickupOrder:list',
} as const;

/** The tabs of the pickup orders: 待核销 (paid, waiting at the store) and 已核销. */
export const PICKUP_TABS = ['toVerify', 'verified'] as const;
export type PickupTab = (typeof PICKUP_TABS)[number];

/** A store's verifier. */
export interface PickupStaff {
  username: string;
  realname: string;
}

/** One line of an order as 门店核销 shows it. */
export interface PickupLine {
  id: string;
  spuName: string;
  specText: string;
  picUrl: string | null;
  price: number;
  count: number;
  payPrice: number;
}

/** An order found by its code: what the clerk checks before confirming, and why it cannot be verified (or null). */
export interface PickupPreview {
  id: string;
  no: string;
  status: string;
  statusText: string;
  buyerName: string | null;
  receiverName: string | null;
  receiverMobile: string | null;
  storeId: string;
  storeName: string;
  payPrice: number;
  payTime: string | null;
  verifyTime: string | null;
  verifier: string | null;
  items: PickupLine[];
  refusal: string | null;
}

/** A row of the pickup orders list. */
export interface PickupOrderRow {
  id: string;
  no: string;
  status: string;
  statusText: string;
  buyerName: string | null;
  receiverName: string | null;
  receiverMobile: string | null;
  storeId: string | null;
  storeName: string | null;
  spuNames: string | null;
  productCount: number;
  payPrice: number;
  payTime: string | null;
  verifyTime: string | null;
  verifier: string | null;
}

export interface PickupOrderPage {
  records: PickupOrderRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Rows of each tab under the same store and keyword. */
  counts: Record<PickupTab, number>;
}

/** What 门店核销 knows of the signed-in user. */
export interface MyPickupStores {
  anyStore: boolean;
  stores: Array<{ id: string; name: string }>;
}
