import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../../server/kit';
import type { CompletedItemsQuery, OrderItemFacts, OrderItemService } from '../../../../server/contracts/order-items';
import { ORDER_STATUS } from '../../entities';

/**
 * The order lines as other plugins read them (server/contracts/order-items.ts, provided as `orderItems`): the
 * reviews plugin checks a line a member reviews and finds the completed lines the auto good review is due for.
 * An order's completion time is its receive time: every step to 已完成 (收货, the auto-receive job) stamps it with now().
 */

interface FactsRow {
  id: string;
  tenant_id: number;
  order_id: string;
  order_no: string;
  member_id: string | null;
  spu_id: string;
  sku_id: string;
  spu_name: string | null;
  spec_text: string | null;
  pic_url: string | null;
  gift: boolean | null;
  status: string;
  receive_time: Date | null;
}

const FACTS = sql`i.id, i.tenant_id, i.order_id, o.no as order_no, o.member_id, i.spu_id, i.sku_id, i.spu_name, i.spec_text, i.pic_url, i.gift,
  o.status, o.receive_time`;

const factsOf = (row: FactsRow): OrderItemFacts => ({
  itemId: row.id,
  tenantId: row.tenant_id,
  orderId: row.order_id,
  orderNo: row.order_no,
  memberId: row.member_id,
  spuId: row.spu_id,
  skuId: row.sku_id,
  spuName: row.spu_name ?? '',
  specText: row.spec_text ?? '',
  picUrl: row.pic_url,
  gift: row.gift === true,
  completed: row.status === ORDER_STATUS.completed,
  completeTime: row.receive_time,
});

export function createOrderItemService(): OrderItemService {
  return {
    async item(db, tenantId, itemId) {
      const found = await sql<FactsRow>`select ${FACTS} from sale_order_item i join sale_order o on o.id = i.order_id and o.tenant_id = i.tenant_id
        where i.id = ${itemId} and i.tenant_id = ${tenantId}`.execute(db);
      const row = found.rows[0];
      return row === undefined ? undefined : factsOf(row);
    },

    async completedItems(db: Kysely<Database>, query: CompletedItemsQuery) {
      const conditions: RawBuilder<unknown>[] = [sql`o.status = ${ORDER_STATUS.completed}`, sql`o.receive_time < ${query.before}`];
      if (query.tenantId !== undefined) conditions.push(sql`o.tenant_id = ${query.tenantId}`);
      if (query.after !== null) conditions.push(sql`(o.receive_time, i.id) > (${query.after.completeTime}::timestamptz, ${query.after.itemId})`);
      const found = await sql<FactsRow>`select ${FACTS} from sale_order o join sale_order_item i on i.order_id = o.id and i.tenant_id = o.tenant_id
        where ${sql.join(conditions, sql` and `)} order by o.receive_time, i.id limit ${Math.max(1, Math.floor(query.limit))}`.execute(db);
      return found.rows.map(factsOf);
    },
  };
}
