import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { addBodySchema, body, businessError, editBodySchema, fieldLabeller, Id, ID_PATTERN, IdList, inTransaction, loadDictionaries, MSG_ADDED, MSG_EDITED, MSG_NOT_FOUND_RECORD, NO_INPUT, ok, permission, query, registerEntityRoutes, rowVersionOf, selectColumnsSql, tenantOf, toRecord, type LabelResolver, type Row } from '../../../../server/kit';
import { SPU_STATUS, spuEntity } from '../../entities';
import { registerGuardedDelete } from '../guarded-delete';
import { SkusSchema, type SkuBody } from './sku-input';
import { skusOf } from './sku-reads';
import { createSpus, draftsFor, guardedSave, spuValues, updateSpu } from './service';

/** 商品SPU under /goods/goodsSpu: the engine's list and export; add/edit/queryById with the SKUs; status and delete. */

export const MSG_STATUS_UPDATED = '修改状态成功';
export const MSG_ONLY_RECYCLED = '只能删除回收站中的商品';
export const MSG_DELETE_RESERVED = '商品有订单预留的库存，不能删除';
const STATUSES: readonly string[] = [SPU_STATUS.onShelf, SPU_STATUS.offShelf, SPU_STATUS.recycled];

const operatorOf = (request: FastifyRequest) => request.auth?.username ?? null;
const access = (action: string) => permission(`${spuEntity.permission}:${action}`);

type SpuBody = Record<string, unknown> & { skus: SkuBody[] };

/** Counts of the list's status tabs (docs/reference/business-domains.md §2 "List tabs"); 已售罄 and 警戒库存 leave the 回收站 out. */
export interface SpuTabCounts {
  /** 出售中: status 1. */
  onShelf: number;
  /** 仓库中: status 0. */
  offShelf: number;
  /** 已售罄: stock 0, not in the 回收站 (list: `stock_end=0&status=1,0`). */
  soldOut: number;
  /** 警戒库存: some SKU at or below its threshold, not in the 回收站 (list: `lowStockAlert=true&status=1,0`). */
  alert: number;
  /** 回收站: status -1. */
  recycled: number;
}

export async function registerSpuRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  const label = fieldLabeller(spuEntity, labels);
  const dictItems = (code: string) => api.dictionaries.items(code);
  const validation = { label, dictItems };
  await registerEntityRoutes(api, spuEntity, { labels, actions: ['list', 'exportXls'] });

  async function findSpu(request: FastifyRequest, id: string) {
    if (!ID_PATTERN.test(id)) return null;
    const rows = await sql<Row>`select ${selectColumnsSql(spuEntity)} from goods_spu where id = ${id} and tenant_id = ${tenantOf(request)}`.execute(db);
    const row = rows.rows[0];
    if (row === undefined) return null;
    const record = toRecord(spuEntity, row, await loadDictionaries(spuEntity, dictItems));
    // Its references by name (the tags), as the engine's reads answer them.
    await api.references.attach(spuEntity, [record], tenantOf(request));
    return { ...record, skus: (await skusOf(db, tenantOf(request), [id])).map(({ shownPicUrl: _shown, ...sku }) => sku) };
  }

  api.get<{ Querystring: { id: string } }>(`${spuEntity.api}/queryById`, { ...access('list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const found = await findSpu(request, request.query.id);
    if (found === null) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(found);
  });

  const skusProperty = { skus: SkusSchema };
  const addSchema = addBodySchema(spuEntity, label);
  const editSchema = editBodySchema(spuEntity, label);
  const withSkus = (schema: Record<string, unknown>, required: string[]) => ({
    ...schema,
    properties: { ...(schema.properties as Record<string, unknown>), ...skusProperty },
    required,
  });

  api.post<{ Body: SpuBody }>(
    `${spuEntity.api}/add`,
    { ...access('add'), schema: { querystring: query({}), body: withSkus(addSchema, ['skus']) } },
    async (request) => {
      const values = await spuValues(db, request.body, 'add', validation);
      const skus = draftsFor(values, request.body.skus);
      const [id] = await guardedSave(() => inTransaction(db, (trx) => createSpus(trx, tenantOf(request), operatorOf(request), [{ values, skus }])));
      return ok(await findSpu(request, id ?? ''), MSG_ADDED);
    },
  );

  api.route<{ Body: SpuBody & { id: string } }>({
    method: ['PUT', 'POST'],
    url: `${spuEntity.api}/edit`,
    ...access('edit'),
    schema: { querystring: query({}), body: withSkus(editSchema, ['id', 'skus']) },
    handler: async (request) => {
      const values = await spuValues(db, request.body, 'edit', validation);
      await guardedSave(() => inTransaction(db, (trx) => updateSpu(trx, tenantOf(request), operatorOf(request), request.body.id, values, request.body.skus, rowVersionOf(request.body))));
      return ok(await findSpu(request, request.body.id), MSG_EDITED);
    },
  });

  // 上架 / 下架 / 回收 (-1) / 恢复 (to 0), one SPU or many.
  api.route<{ Body: { ids: string; status: string | number } }>({
    method: ['PUT', 'POST'],
    url: `${spuEntity.api}/updateStatus`,
    ...access('updateStatus'),
    schema: {
      querystring: query({}),
      body: body({ ids: IdList, status: Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('-1'), Type.Literal(1), Type.Literal(0), Type.Literal(-1)]) }),
    },
    handler: async (request) => {
      const status = String(request.body.status);
      const ids = [...new Set(request.body.ids.split(',').map((id) => id.trim()).filter((id) => ID_PATTERN.test(id)))];
      if (ids.length === 0 || !STATUSES.includes(status)) throw businessError(MSG_NOT_FOUND_RECORD);
      const updated = await sql<{ id: string }>`update goods_spu set status = ${status}, update_by = ${operatorOf(request)}, update_time = now()
        where tenant_id = ${tenantOf(request)} and id in (${sql.join(ids)}) returning id`.execute(db);
      if (updated.rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      return ok({ updated: updated.rows.length }, MSG_STATUS_UPDATED);
    },
  });

  api.get(`${spuEntity.api}/tabCounts`, { ...access('list'), schema: NO_INPUT }, async (request) => {
    const counts = await sql<SpuTabCounts>`select
        count(*) filter (where status = ${SPU_STATUS.onShelf})::int as "onShelf",
        count(*) filter (where status = ${SPU_STATUS.offShelf})::int as "offShelf",
        count(*) filter (where status <> ${SPU_STATUS.recycled} and stock = 0)::int as "soldOut",
        count(*) filter (where status <> ${SPU_STATUS.recycled} and low_stock_alert)::int as "alert",
        count(*) filter (where status = ${SPU_STATUS.recycled})::int as "recycled"
      from goods_spu where tenant_id = ${tenantOf(request)}`.execute(db);
    return ok(counts.rows[0] ?? { onShelf: 0, offShelf: 0, soldOut: 0, alert: 0, recycled: 0 });
  });

  // Only from the 回收站; the SKUs go with the SPU, their stock records stay (the ledger is append-only).
  registerGuardedDelete(api, spuEntity, {
    refuse: async (trx, ids) => {
      const live = await sql<{ id: string }>`select id from goods_spu where id in (${sql.join([...ids])}) and status <> ${SPU_STATUS.recycled} limit 1`.execute(trx);
      if (live.rows.length > 0) return MSG_ONLY_RECYCLED;
      // Locked, so no order reserves a unit between this check and the delete.
      const skus = await sql<{ lock_stock: number }>`select lock_stock from goods_sku where spu_id in (${sql.join([...ids])}) order by id for update`.execute(trx);
      return skus.rows.some((sku) => sku.lock_stock > 0) ? MSG_DELETE_RESERVED : null;
    },
    after: async (trx, ids) => {
      await sql`delete from goods_sku where spu_id in (${sql.join([...ids])})`.execute(trx);
    },
  });
}
