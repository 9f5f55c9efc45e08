import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerEntityRoutes, tableReference } from '../../../server/kit';
import { EXPRESS_DICT, expressEntity, freightTemplateEntity, orderItemEntity, payRecordEntity, refundOrderEntity } from '../entities';
import { parseCharges, parseFrees } from './freight/rules';
import { orderLabels } from './labels';

/**
 * Pay records and refund orders (read-only: only the order services write them), express companies and freight
 * templates; the order documents' numbers as references.
 */

const READ_ONLY = ['list', 'queryById', 'exportXls'] as const;

export async function registerOrderCatalogueRoutes(api: FastifyInstance): Promise<void> {
  const labels = orderLabels;
  // An order, an after-sale and a procurement order by their numbers (SO…, AS…, PO…), wherever a ledger names them.
  api.references.register('order', tableReference('sale_order', sql`no`, { tenantScoped: true }));
  api.references.register('afterSale', tableReference('sale_after_sale', sql`no`, { tenantScoped: true }));
  api.references.register('purchaseOrder', tableReference('zcy_purchase_order', sql`no`, { tenantScoped: true }));
  // An order line by its goods and spec (an after-sale's or a commission's 订单商品).
  api.references.register('orderItem', tableReference('sale_order_item', sql`concat_ws(' ', spu_name, nullif(spec_text, ''))`, { tenantScoped: true }));
  // The tenant's companies, disabled ones included so orders shipped with one still show its name
  // (the 发货 dialog offers the enabled ones from the express list).
  api.dictionaries.registerTableDictionary(
    EXPRESS_DICT,
    (reader, tenantId) =>
      reader
        .withTables<{ sale_express: { id: string; name: string; sort: number | null; tenant_id: number } }>()
        .selectFrom('sale_express')
        .select(['id as value', 'name as text'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .execute(),
    { tables: ['sale_express'], tenantScoped: true },
  );
  // The order lines as a list of their own (商品详情's 销售记录), read-only like the orders.
  await registerEntityRoutes(api, orderItemEntity, { labels, actions: ['list'] });
  await registerEntityRoutes(api, payRecordEntity, { labels, actions: READ_ONLY });
  await registerEntityRoutes(api, refundOrderEntity, { labels, actions: READ_ONLY });
  await registerEntityRoutes(api, expressEntity, { labels });
  await registerEntityRoutes(api, freightTemplateEntity, {
    labels,
    beforeWrite: (values) => {
      // Stored as the client sent them once they parse as rules; refused with a message otherwise.
      if (values.charges !== undefined) parseCharges(values.charges);
      if (values.frees !== undefined) parseFrees(values.frees);
      return values;
    },
  });
}
