import type { FastifyInstance } from 'fastify';
import { addBodySchema, body, businessError, editBodySchema, Id, inTransaction, listQuerySchema, ok, permission, query, registerEntityRoutes, type AppContext, type QueryParams } from '../../../../server/kit';
import { couponPackageEntity, couponPackageRecordEntity } from '../../campaign-entities';
import { campaignActorOf, campaignLabels } from '../campaigns/service';
import { addPacket, editPacket, issuePacket, MSG_PACKET_NOT_FOUND, packetFieldLabel, packetRecord, validPacketCondition, type PacketInput } from './service';

/** 券包's routes (docs/business-api.md `/marketing/couponPackage`): the engine's list, add, edit and issue through packets/service.ts. */

const CONTENTS_SCHEMA = { type: 'array', maxItems: 10, items: { type: 'object' } };

export async function registerPacketRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = couponPackageEntity.api;
  const store = await registerEntityRoutes(api, couponPackageEntity, {
    labels: campaignLabels,
    actions: ['delete', 'deleteBatch', 'exportXls'],
    readScope: (request) => validPacketCondition((request.query as QueryParams | undefined)?.valid),
  });
  await registerEntityRoutes(api, couponPackageRecordEntity, { labels: campaignLabels, actions: ['list', 'exportXls'] });

  api.get(`${base}/list`, { ...permission('marketing:couponPackage:list'), schema: { querystring: listQuerySchema(couponPackageEntity) } }, async (request) => {
    const page = await store.list(request, request.query as QueryParams);
    return ok({ ...page, records: page.records.map(packetRecord) });
  });

  api.get<{ Querystring: { id: string } }>(`${base}/queryById`, { ...permission('marketing:couponPackage:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const record = await store.findById(request, request.query.id);
    if (record === null) throw businessError(MSG_PACKET_NOT_FOUND);
    return ok(packetRecord(record));
  });

  const add = addBodySchema(couponPackageEntity, packetFieldLabel);
  api.post<{ Body: PacketInput }>(
    `${base}/add`,
    { ...permission('marketing:couponPackage:add'), schema: { querystring: query({}), body: { ...add, properties: { ...(add.properties as object), contents: CONTENTS_SCHEMA } } } },
    async (request) => {
      const id = await inTransaction(ctx.db, (trx) => addPacket(trx, campaignActorOf(request), request.body));
      return ok(packetRecord((await store.findById(request, id)) ?? { id }), '添加成功！');
    },
  );

  const edit = editBodySchema(couponPackageEntity, packetFieldLabel);
  api.route<{ Body: PacketInput & { id: string } }>({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    ...permission('marketing:couponPackage:edit'),
    schema: { querystring: query({}), body: { ...edit, properties: { ...(edit.properties as object), contents: CONTENTS_SCHEMA } } },
    handler: async (request) => {
      await inTransaction(ctx.db, (trx) => editPacket(trx, campaignActorOf(request), request.body.id, request.body));
      return ok(packetRecord((await store.findById(request, request.body.id)) ?? { id: request.body.id }), '编辑成功!');
    },
  });

  api.post<{ Body: { id: string; memberId: string } }>(
    `${base}/issue`,
    { ...permission('marketing:couponPackage:issue'), schema: { querystring: query({}), body: body({ id: Id, memberId: Id }) } },
    async (request) => {
      const issued = await inTransaction(ctx.db, (trx) => issuePacket(trx, ctx, campaignActorOf(request), { packageId: request.body.id, memberId: request.body.memberId }));
      return ok(issued, '券包发放成功');
    },
  );
}
