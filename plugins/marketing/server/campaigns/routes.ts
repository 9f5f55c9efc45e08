import type { FastifyInstance } from 'fastify';
import { addBodySchema, body, businessError, editBodySchema, Id, inTransaction, listQuerySchema, ok, permission, query, registerEntityRoutes, type AppContext, type QueryParams } from '../../../../server/kit';
import { giftActivityEntity, giftActivityOrderEntity } from '../../campaign-entities';
import { addCampaign, campaignActorOf, campaignFieldLabel, campaignLabels, campaignRecord, closeCampaign, editCampaign, MSG_CAMPAIGN_NOT_FOUND, timeStatusCondition, type CampaignInput } from './service';

/**
 * 赠品活动's routes (docs/business-api.md `/marketing/giftActivity`): the engine's list/queryById with the time
 * status computed from now, add, edit and close through campaigns/service.ts.
 */

const RULES_SCHEMA = { type: 'array', maxItems: 10, items: { type: 'object' } };

export async function registerGiftActivityRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = giftActivityEntity.api;
  const store = await registerEntityRoutes(api, giftActivityEntity, {
    labels: campaignLabels,
    actions: ['delete', 'deleteBatch', 'exportXls'],
    readScope: (request) => timeStatusCondition((request.query as QueryParams | undefined)?.timeStatus),
  });
  await registerEntityRoutes(api, giftActivityOrderEntity, { labels: campaignLabels, actions: ['list', 'exportXls'] });

  const listSchema = listQuerySchema(giftActivityEntity);
  api.get(`${base}/list`, { ...permission('marketing:giftActivity:list'), schema: { querystring: listSchema } }, async (request) => {
    const page = await store.list(request, request.query as QueryParams);
    const now = new Date();
    return ok({ ...page, records: page.records.map((record) => campaignRecord(record, now)) });
  });

  api.get<{ Querystring: { id: string } }>(`${base}/queryById`, { ...permission('marketing:giftActivity:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const record = await store.findById(request, request.query.id);
    if (record === null) throw businessError(MSG_CAMPAIGN_NOT_FOUND);
    return ok(campaignRecord(record));
  });

  const add = addBodySchema(giftActivityEntity, campaignFieldLabel);
  api.post<{ Body: CampaignInput }>(
    `${base}/add`,
    { ...permission('marketing:giftActivity:add'), schema: { querystring: query({}), body: { ...add, required: ['rules'], properties: { ...(add.properties as object), rules: RULES_SCHEMA } } } },
    async (request) => {
      const id = await inTransaction(ctx.db, (trx) => addCampaign(trx, ctx, campaignActorOf(request), request.body));
      return ok(campaignRecord((await store.findById(request, id)) ?? { id }), '添加成功！');
    },
  );

  const edit = editBodySchema(giftActivityEntity, campaignFieldLabel);
  api.route<{ Body: CampaignInput & { id: string } }>({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    ...permission('marketing:giftActivity:edit'),
    schema: { querystring: query({}), body: { ...edit, properties: { ...(edit.properties as object), rules: RULES_SCHEMA } } },
    handler: async (request) => {
      await inTransaction(ctx.db, (trx) => editCampaign(trx, ctx, campaignActorOf(request), request.body.id, request.body));
      return ok(campaignRecord((await store.findById(request, request.body.id)) ?? { id: request.body.id }), '编辑成功!');
    },
  });

  api.post<{ Body: { id: string } }>(`${base}/close`, { ...permission('marketing:giftActivity:close'), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    await inTransaction(ctx.db, (trx) => closeCampaign(trx, campaignActorOf(request), request.body.id));
    return ok(true, '活动已关闭');
  });
}
