import { sql, type Kysely } from 'kysely';
import type { CounterItem, OperatingCounter } from '../../../server/contracts/report-facts';
import { formatShopTime, type Database } from '../../../server/kit';
import { AFTER_SALE_STATUS, ORDER_STATUS } from '../entities';
import { PICKUP_PERMISSIONS } from '../pickup-entities';
import { PURCHASE_STATUS } from '../purchase-entities';
import { DELIVERY_TYPE } from './dicts';

/**
 * The orders' operating figures on the dashboards (docs/reference/business-domains.md §6 "Dashboards"), each counting
 * exactly the rows of the filtered list it links to, behind that list's permission.
 */

const ORDER_LIST = '/saleorder/saleOrderList';
const AFTER_SALE_LIST = '/saleorder/afterSaleList';
const PURCHASE_LIST = '/zcy/purchaseOrderList';
const PICKUP_VERIFY = '/saleorder/pickupVerify';
const AFTER_SALE_DETAIL_PATH = '/saleorder/afterSaleDetail';
const PURCHASE_DETAIL_PATH = '/zcy/purchaseOrderDetail';

/** After-sales not finished yet: 申请中, 卖家通过, 待卖家收货, 等待退款. */
const OPEN_AFTER_SALE = [AFTER_SALE_STATUS.applied, AFTER_SALE_STATUS.sellerAgreed, AFTER_SALE_STATUS.buyerDelivered, AFTER_SALE_STATUS.waitRefund];
/** After-sales waiting for the shop: 申请中 (to agree) and 待卖家收货 (to receive the goods back). */
const TODO_AFTER_SALE = [AFTER_SALE_STATUS.applied, AFTER_SALE_STATUS.buyerDelivered];

const count = async (query: Promise<Array<{ n: number }>>): Promise<number> => (await query)[0]?.n ?? 0;
const shopTime = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

async function afterSaleCount(db: Kysely<Database>, tenantId: number, statuses: readonly string[]): Promise<number> {
  return count(sql<{ n: number }>`select count(*)::int as n from sale_after_sale where tenant_id = ${tenantId} and status in (${sql.join([...statuses])})`.execute(db).then((r) => r.rows));
}

export const orderCounters: OperatingCounter[] = [
  {
    key: 'order.toDeliver',
    title: '待发货',
    group: 'operation',
    permission: 'saleorder:order:list',
    link: `${ORDER_LIST}?tab=undelivered`,
    count: (db, tenantId) => count(sql<{ n: number }>`select count(*)::int as n from sale_order where tenant_id = ${tenantId} and status = ${ORDER_STATUS.undelivered}`.execute(db).then((r) => r.rows)),
  },
  {
    key: 'order.refunding',
    title: '退款中',
    group: 'operation',
    permission: 'saleorder:afterSale:list',
    link: `${AFTER_SALE_LIST}?status=${OPEN_AFTER_SALE.join(',')}`,
    count: (db, tenantId) => afterSaleCount(db, tenantId, OPEN_AFTER_SALE),
  },
  {
    // The 到店自提 orders paid and not handed over: 门店核销's 待核销 tab lists exactly these (pickup/pickup-orders.ts).
    key: 'order.toPickUp',
    title: '待核销',
    group: 'operation',
    permission: PICKUP_PERMISSIONS.orders,
    link: `${PICKUP_VERIFY}?tab=toVerify`,
    count: (db, tenantId) =>
      count(
        sql<{ n: number }>`select count(*)::int as n from sale_order where tenant_id = ${tenantId} and status = ${ORDER_STATUS.undelivered} and delivery_type = ${DELIVERY_TYPE.pickUp}`
          .execute(db)
          .then((r) => r.rows),
      ),
  },
  {
    key: 'order.afterSaleTodo',
    title: '待处理售后',
    group: 'task',
    permission: 'saleorder:afterSale:list',
    link: `${AFTER_SALE_LIST}?status=${TODO_AFTER_SALE.join(',')}`,
    count: (db, tenantId) => afterSaleCount(db, tenantId, TODO_AFTER_SALE),
    items: async (db, tenantId, limit): Promise<CounterItem[]> => {
      const rows = await sql<{ id: string; no: string; buyer_name: string | null; spu_name: string | null; status: string; create_time: Date }>`select id, no, buyer_name, spu_name, status, create_time
        from sale_after_sale where tenant_id = ${tenantId} and status in (${sql.join(TODO_AFTER_SALE)}) order by create_time, id limit ${limit}`.execute(db);
      return rows.rows.map((row) => ({
        id: row.id,
        title: [row.no, row.status === AFTER_SALE_STATUS.applied ? '申请中' : '待卖家收货', row.buyer_name, row.spu_name].filter((part) => part !== null && part !== '').join(' · '),
        text: {
          key: row.status === AFTER_SALE_STATUS.applied ? 'afterSaleApplied' : 'afterSaleReturning',
          values: { no: row.no, who: [row.buyer_name, row.spu_name].filter((part) => part !== null && part !== '').join(' · ') },
        },
        time: shopTime(row.create_time),
        link: `${AFTER_SALE_DETAIL_PATH}?id=${encodeURIComponent(row.id)}`,
      }));
    },
  },
  {
    key: 'order.purchaseTodo',
    title: '待确认采购',
    group: 'task',
    permission: 'zcy:purchaseOrder:list',
    link: `${PURCHASE_LIST}?tab=pending`,
    count: (db, tenantId) => count(sql<{ n: number }>`select count(*)::int as n from zcy_purchase_order where tenant_id = ${tenantId} and status = ${PURCHASE_STATUS.pending}`.execute(db).then((r) => r.rows)),
    items: async (db, tenantId, limit): Promise<CounterItem[]> => {
      const rows = await sql<{ id: string; no: string; buyer_name: string | null; create_time: Date }>`select id, no, buyer_name, create_time
        from zcy_purchase_order where tenant_id = ${tenantId} and status = ${PURCHASE_STATUS.pending} order by create_time, id limit ${limit}`.execute(db);
      return rows.rows.map((row) => ({
        id: row.id,
        title: [row.no, row.buyer_name].filter((part) => part !== null && part !== '').join(' · '),
        time: shopTime(row.create_time),
        link: `${PURCHASE_DETAIL_PATH}?id=${encodeURIComponent(row.id)}`,
      }));
    },
  },
];

