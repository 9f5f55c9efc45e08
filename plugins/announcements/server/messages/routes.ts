import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import zhMessage from '../../../../locales/zh-CN/message.json';
import { body, businessError, entityRouteSchemas, fieldLabeller, formatShopTime, Id, Line, localeLabels, ok, permission, query, registerEntityRoutes, SafeText, tenantOf, type AppContext, type QueryParams } from '../../../../server/kit';
import { MESSAGE_API, MESSAGE_PERMISSIONS, messageEntity, messageTemplateEntity, parseTestData, type MessageRecipient } from '../../entities';
import { MAX_RECEIVERS, MSG_BAD_TEST_JSON, MSG_SENT, normaliseTemplate, sendTemplateMessage } from './service';
import { announcementPublisher } from '../publish';
import { announcementDb, messageDb } from '../tables';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

const IdArray = Type.Array(Id, { maxItems: MAX_RECEIVERS });
/** Ids as an array or as a comma-separated line (both are common in the JeecgBoot clients). */
const Ids = Type.Union([IdArray, Line(MAX_RECEIVERS * 65)]);

const SendBody = body({
  templateCode: Line(64, 1),
  testData: Type.Optional(Type.Union([SafeText(60_000), Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 100 })])),
  receivers: Type.Optional(Type.Object({ userIds: Type.Optional(Ids), roleIds: Type.Optional(Ids) })),
});
type SendBody = Static<typeof SendBody>;

const RecipientsQuery = query({ id: Id });
type RecipientsQuery = Static<typeof RecipientsQuery>;

function idsOf(value: string | readonly string[] | undefined): string[] {
  const list = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(list.map((id) => id.trim()).filter((id) => RECORD_ID_PATTERN.test(id)))];
}

/**
 * 消息模板 (the CRUD contract, checked and sanitised) with 发送测试 (sendMsg), and 消息记录: the messages
 * sent with their receiver and read counts, and one message's receivers with read state.
 */
export async function registerMessageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = messageDb(ctx.db);
  const publisher = announcementPublisher(api, announcementDb(ctx.db));
  const labels = localeLabels({ message: zhMessage });

  await registerEntityRoutes(api, messageTemplateEntity, {
    labels,
    actions: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
    beforeWrite: async (values, context) => {
      let currentType: string | undefined;
      if (context.mode === 'edit' && values.templateType === undefined && context.id !== undefined) {
        const current = await db.selectFrom('sys_message_template').select('template_type').where('id', '=', context.id).executeTakeFirst();
        currentType = current?.template_type;
      }
      return normaliseTemplate(values, currentType);
    },
  });

  api.post<{ Body: SendBody }>(MESSAGE_API.sendMsg, { ...permission(MESSAGE_PERMISSIONS.send), schema: { querystring: query({}), body: SendBody } }, async (request) => {
    const { templateCode, testData, receivers } = request.body;
    const data = testData === undefined ? {} : parseTestData(testData);
    if (data === null) throw businessError(MSG_BAD_TEST_JSON);
    const result = await sendTemplateMessage(ctx.db, publisher, {
      tenantId: tenantOf(request),
      username: request.auth?.username ?? null,
      templateCode,
      data,
      userIds: idsOf(receivers?.userIds),
      roleIds: idsOf(receivers?.roleIds),
    });
    return ok(result, MSG_SENT);
  });

  // 消息记录: the engine reads the rows (tenant, filters, paging); the counts come from the send rows.
  const store = await registerEntityRoutes(api, messageEntity, { labels, actions: [] });
  const listSchema = entityRouteSchemas(messageEntity, fieldLabeller(messageEntity, labels)).list;
  api.get(`${messageEntity.api}/list`, { ...permission(MESSAGE_PERMISSIONS.recordList), schema: listSchema }, async (request) => {
    const page = await store.list(request, request.query as QueryParams);
    const anntIds = page.records.map((record) => record.anntId).filter((id): id is string => typeof id === 'string');
    const counts =
      anntIds.length === 0
        ? []
        : await db
            .selectFrom('sys_announcement_send')
            .select((eb) => [
              'annt_id',
              eb.fn.countAll<string>().as('receivers'),
              eb.fn.count<string>(eb.case().when('read_flag', '=', '1').then(1).end()).as('reads'),
            ])
            .where('annt_id', 'in', anntIds)
            .groupBy('annt_id')
            .execute();
    const byAnnt = new Map(counts.map((row) => [row.annt_id, row]));
    const records = page.records.map((record) => {
      const count = typeof record.anntId === 'string' ? byAnnt.get(record.anntId) : undefined;
      return { ...record, receiverCount: Number(count?.receivers ?? 0), readCount: Number(count?.reads ?? 0) };
    });
    return ok({ ...page, records });
  });

  api.get<{ Querystring: RecipientsQuery }>(
    MESSAGE_API.recipients,
    { ...permission(MESSAGE_PERMISSIONS.recordList), schema: { querystring: RecipientsQuery } },
    async (request) => {
      const message = await store.findById(request, request.query.id);
      const anntId = message?.anntId;
      if (typeof anntId !== 'string') throw businessError('未找到对应数据');
      const rows = await db
        .selectFrom('sys_announcement_send as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.user_id', 'u.username', 'u.realname', 's.read_flag', 's.read_time'])
        .where('s.annt_id', '=', anntId)
        .orderBy('u.username')
        .execute();
      const recipients: MessageRecipient[] = rows.map((row) => ({
        userId: row.user_id,
        username: row.username,
        realname: row.realname,
        readFlag: row.read_flag === '1' ? '1' : '0',
        readTime: row.read_time === null ? null : formatShopTime(row.read_time),
      }));
      return ok(recipients);
    },
  );
}
