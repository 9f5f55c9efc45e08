import type { FastifyInstance } from 'fastify';
import { body, Id, Int, ok, permission, query, Reason, registerEntityRoutes, tenantOf, type LabelResolver } from '../../../../server/kit';
import { stockEntity, stockRecordEntity } from '../../entities';
import { adjustStock } from './ledger';

/** 库存: the SKUs' stock and the stock ledger, read-only lists; stock changes by hand through adjust. */

export const MSG_STOCK_IN = '入库成功';
export const MSG_STOCK_OUT = '出库成功';
/** One adjustment moves at most this many units either way. */
const MAX_ADJUST = 100_000_000;

/** Ledgers and their owners' totals are read-only through the engine: list, queryById and export. */
const READ_ONLY = ['list', 'queryById', 'exportXls'] as const;

export async function registerStockRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  await registerEntityRoutes(api, stockEntity, { labels, actions: READ_ONLY });
  await registerEntityRoutes(api, stockRecordEntity, { labels, actions: READ_ONLY });

  api.post<{ Body: { skuId: string; count: number; reason: string } }>(
    `${stockEntity.api}/adjust`,
    {
      ...permission('goods:stock:adjust'),
      schema: { querystring: query({}), body: body({ skuId: Id, count: Int(-MAX_ADJUST, MAX_ADJUST), reason: Reason() }) },
    },
    async (request) => {
      const { skuId, count, reason } = request.body;
      const posting = await adjustStock(db, { tenantId: tenantOf(request), skuId, count, reason: reason.trim(), operator: request.auth?.username ?? null });
      const result = { id: posting.id, skuId, before: posting.before.toNumber(), change: posting.change.toNumber(), after: posting.after.toNumber() };
      return ok(result, count > 0 ? MSG_STOCK_IN : MSG_STOCK_OUT);
    },
  );
}
