import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ANNOUNCEMENT_API, type AnnouncementsByUser, type MyAnnouncement } from '../../../src/contracts/announcements';
import type { PageResult } from '../../../src/contracts/envelope';
import { body, businessError, ID_PATTERN, Line, NO_INPUT, ok, query, unauthorized, type AppContext } from '../../../server/kit';
import { Type } from 'typebox';
import { ensureAllUsersRows } from './recipients';
import { announcementDb, type AnnouncementDb } from './tables';
import { toAnnouncement, toMyAnnouncement } from './wire';

const DEFAULT_BELL_SIZE = 5;
const MAX_PAGE_SIZE = 100;

function callerOf(request: FastifyRequest): string {
  const userId = request.auth?.userId;
  if (userId === undefined) throw unauthorized();
  return userId;
}

function intParam(value: unknown, fallback: number, max: number): number {
  const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function textParam(value: unknown, pattern: RegExp): string | null {
  return typeof value === 'string' && pattern.test(value) ? value : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The caller's released, not deleted announcements (the join with their own send rows). */
function mine(db: AnnouncementDb, userId: string) {
  return db
    .selectFrom('sys_announcement as a')
    .innerJoin('sys_announcement_send as s', (join) => join.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', userId))
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', 0);
}

async function unreadOfCategory(db: AnnouncementDb, userId: string, category: '1' | '2', limit: number) {
  const base = mine(db, userId).where('s.read_flag', '=', '0').where('a.msg_category', '=', category);
  const [rows, count] = await Promise.all([
    base.selectAll('a').orderBy('a.send_time', 'desc').orderBy('a.id').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toAnnouncement), total: Number(count.n) };
}

/** What every signed-in user may call about their own announcements; nothing here reads another user's rows. */
export function registerUserAnnouncementRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = announcementDb(ctx.db);
  const config = { access: 'authenticated' as const };

  api.get(ANNOUNCEMENT_API.listByUser, { config, schema: NO_INPUT }, async (request) => {
    const userId = callerOf(request);
    const pageSize = intParam((request.query as { pageSize?: unknown }).pageSize, DEFAULT_BELL_SIZE, 50);
    await ensureAllUsersRows(db, userId);
    const [notices, systemMessages] = await Promise.all([
      unreadOfCategory(db, userId, '1', pageSize),
      unreadOfCategory(db, userId, '2', pageSize),
    ]);
    const result: AnnouncementsByUser = {
      anntMsgList: notices.list,
      anntMsgTotal: notices.total,
      sysMsgList: systemMessages.list,
      sysMsgTotal: systemMessages.total,
    };
    return ok(result);
  });

  api.put(ANNOUNCEMENT_API.markRead, { config, schema: { body: body({ anntId: Type.Optional(Line(64)) }) } }, async (request) => {
    const userId = callerOf(request);
    const body: unknown = request.body;
    const anntId = typeof body === 'object' && body !== null ? (body as { anntId?: unknown }).anntId : undefined;
    if (typeof anntId !== 'string' || !ID_PATTERN.test(anntId)) throw businessError('未找到对应数据');
    await ensureAllUsersRows(db, userId);
    await db
      .updateTable('sys_announcement_send')
      .set({ read_flag: '1', read_time: new Date() })
      .where('annt_id', '=', anntId)
      .where('user_id', '=', userId)
      .where('read_flag', '=', '0')
      .execute();
    return ok(null);
  });

  api.put(ANNOUNCEMENT_API.readAll, { config, schema: NO_INPUT }, async (request) => {
    const userId = callerOf(request);
    await ensureAllUsersRows(db, userId);
    await db
      .updateTable('sys_announcement_send')
      .set({ read_flag: '1', read_time: new Date() })
      .where('user_id', '=', userId)
      .where('read_flag', '=', '0')
      .execute();
    return ok(null, '全部已读');
  });

  api.get(ANNOUNCEMENT_API.mySends, { config, schema: { querystring: query({ titile: Type.Optional(Line(200)) }) } }, async (request) => {
    const userId = callerOf(request);
    const query = request.query as Record<string, unknown>;
    const pageNo = intParam(query.pageNo, 1, 100_000);
    const pageSize = intParam(query.pageSize, 10, MAX_PAGE_SIZE);
    // The list convention sends *text* for a like filter; the stars are not part of the text.
    const title = textParam(query.titile, /^.{1,100}$/)?.replace(/^\*|\*$/g, '') ?? null;
    const readFlag = textParam(query.readFlag, /^[01]$/);
    const priority = textParam(query.priority, /^[LMH]$/);
    const category = textParam(query.msgCategory, /^[12]$/);
    await ensureAllUsersRows(db, userId);
    let base = mine(db, userId);
    if (title !== null && title !== '') base = base.where(sql<boolean>`a.titile like ${`%${escapeLike(title)}%`}`);
    if (readFlag !== null) base = base.where('s.read_flag', '=', readFlag);
    if (priority !== null) base = base.where('a.priority', '=', priority);
    if (category !== null) base = base.where('a.msg_category', '=', category);
    const [rows, count] = await Promise.all([
      base
        .selectAll('a')
        .select(['s.id as send_id', 's.read_flag', 's.read_time'])
        .orderBy('a.send_time', 'desc')
        .orderBy('a.id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.n);
    const page: PageResult<MyAnnouncement> = {
      records: rows.map(toMyAnnouncement),
      total,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(total / pageSize),
    };
    return ok(page);
  });
}
