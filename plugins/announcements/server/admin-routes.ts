import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANNOUNCEMENT_API } from '../../../src/contracts/announcements';
import { businessError, ID_PATTERN, Line, localeLabels, ok, permission, publishEntityChanges, query, registerEntityRoutes, sanitizeRichText, type AppContext, type FieldValues, type WriteContext } from '../../../server/kit';
import { Type } from 'typebox';
import zhAnnouncements from '../../../locales/zh-CN/announcements.json';
import { ANNOUNCEMENT_PERMISSIONS, OPEN_PAGE_PATTERN, announcementEntity } from '../entities';
import { insertSendRows, recipientsOf, splitUserIds } from './recipients';
import { announcementDb, type AnnouncementDb } from './tables';
import { announcementPublisher } from './publish';

export const MSG_RELEASED = '该系统通知发布成功';
export const MSG_REVOKED = '该系统通知撤销成功';
export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_ALREADY_RELEASED = '该通告已发布';
export const MSG_NOT_RELEASED = '该通告未发布，无需撤销';
export const MSG_BAD_RECIPIENTS = '请选择接收用户';
export const MSG_BAD_OPEN = '打开方式或页面不正确';

/** Checks and normalises what the engine's field rules cannot: recipients, open target, safe HTML. */
async function beforeWrite(db: AnnouncementDb, values: FieldValues, context: WriteContext): Promise<FieldValues> {
  const next: FieldValues = { ...values };
  if (typeof next.msgContent === 'string') next.msgContent = sanitizeRichText(next.msgContent);
  if (next.msgType !== undefined && next.msgType !== 'ALL' && next.msgType !== 'USER') throw businessError(MSG_BAD_RECIPIENTS);
  if (next.msgType === 'ALL') next.userIds = null;
  if (next.msgType === 'USER' || (next.msgType === undefined && next.userIds !== undefined)) {
    const ids = splitUserIds(typeof next.userIds === 'string' ? next.userIds : null);
    const known = ids.length === 0 ? [] : await db.selectFrom('users').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (known.length === 0) throw businessError(MSG_BAD_RECIPIENTS);
    next.userIds = known.map((row) => row.id).join(',');
  }
  const openType = next.openType;
  if (openType !== undefined && openType !== null && openType !== 'url' && openType !== 'component') throw businessError(MSG_BAD_OPEN);
  const openPage = next.openPage;
  if (typeof openPage === 'string' && openType === 'url' && !OPEN_PAGE_PATTERN.test(openPage)) throw businessError(MSG_BAD_OPEN);
  if (typeof openPage === 'string' && openType === 'component' && !/^[A-Za-z0-9/_-]{1,200}$/.test(openPage)) throw businessError(MSG_BAD_OPEN);
  if (context.mode === 'add') {
    next.sendStatus = '0';
    if (typeof next.sender !== 'string' || next.sender === '') next.sender = context.request.auth?.username ?? null;
  }
  return next;
}

function idOf(request: FastifyRequest): string {
  const id = (request.query as { id?: unknown }).id;
  return typeof id === 'string' && ID_PATTERN.test(id) ? id : '';
}

/** Administration: the CRUD contract through the generic engine, plus release and revoke. */
export async function registerAnnouncementAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = announcementDb(ctx.db);
  const socketKey = ANNOUNCEMENT_API.base;

  const { pushToRecipients, publishRow } = announcementPublisher(api, db);

  await api.register(async (scoped) => {
    publishEntityChanges(scoped, { socketKey, permission: ANNOUNCEMENT_PERMISSIONS.list, entity: announcementEntity });
    await registerEntityRoutes(scoped, announcementEntity, {
      labels: localeLabels({ announcements: zhAnnouncements }),
      actions: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
      beforeWrite: (values, context) => beforeWrite(db, values, context),
    });
  });

  const byId = { querystring: query({ id: Type.Optional(Line(64)) }) };
  api.get(`${socketKey}/doReleaseData`, { ...permission(ANNOUNCEMENT_PERMISSIONS.release), schema: byId }, async (request) => {
    const id = idOf(request);
    const current = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (current === undefined) throw businessError(MSG_NOT_FOUND);
    if (current.send_status === '1') throw businessError(MSG_ALREADY_RELEASED);
    const recipients = await recipientsOf(db, current);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sys_announcement')
        .set({ send_status: '1', send_time: new Date(), cancel_time: null, update_by: request.auth?.username ?? null, update_time: new Date() })
        .where('id', '=', id)
        .execute();
      await insertSendRows(trx, id, recipients);
    });
    pushToRecipients(id, current.titile, current.msg_type, recipients);
    await publishRow(id, request.tenantId);
    return ok(null, MSG_RELEASED);
  });

  api.get(`${socketKey}/doReovkeData`, { ...permission(ANNOUNCEMENT_PERMISSIONS.revoke), schema: byId }, async (request) => {
    const id = idOf(request);
    const current = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (current === undefined) throw businessError(MSG_NOT_FOUND);
    if (current.send_status !== '1') throw businessError(MSG_NOT_RELEASED);
    await db
      .updateTable('sys_announcement')
      .set({ send_status: '2', cancel_time: new Date(), update_by: request.auth?.username ?? null, update_time: new Date() })
      .where('id', '=', id)
      .execute();
    // The recipients' bells reload and the revoked notice leaves them.
    pushToRecipients(id, current.titile, current.msg_type, await recipientsOf(db, current));
    await publishRow(id, request.tenantId);
    return ok(null, MSG_REVOKED);
  });
}
