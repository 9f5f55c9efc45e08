import { sql } from 'kysely';
import { newId } from '../../../server/kit';
import type { AnnouncementDb, AnnouncementTable } from './tables';

export const MAX_RECIPIENT_IDS = 500;

/** The distinct ids of a comma-separated user id list, in order, bounded. */
export function splitUserIds(userIds: string | null | undefined): string[] {
  const ids = (userIds ?? '').split(',').map((id) => id.trim()).filter((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id));
  return [...new Set(ids)].slice(0, MAX_RECIPIENT_IDS);
}

async function activeUserIds(db: AnnouncementDb, among?: readonly string[]): Promise<string[]> {
  if (among !== undefined && among.length === 0) return [];
  let query = db.selectFrom('users').select('id').where('del_flag', '=', 0).where('status', '=', 1);
  if (among !== undefined) query = query.where('id', 'in', [...among]);
  return (await query.execute()).map((row) => row.id);
}

/** Who receives an announcement: every active user, or the chosen ones that are active. */
export async function recipientsOf(db: AnnouncementDb, announcement: Pick<AnnouncementTable, 'msg_type' | 'user_ids'>): Promise<string[]> {
  return announcement.msg_type === 'USER' ? activeUserIds(db, splitUserIds(announcement.user_ids)) : activeUserIds(db);
}

export async function insertSendRows(db: AnnouncementDb, anntId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('sys_announcement_send')
    .values(userIds.map((userId) => ({ id: newId(), annt_id: anntId, user_id: userId })))
    .onConflict((conflict) => conflict.columns(['annt_id', 'user_id']).doNothing())
    .execute();
}

/** Announcements to all users reach users created after the release too (docs/reference/jeecg-conventions.md §6.3). */
export async function ensureAllUsersRows(db: AnnouncementDb, userId: string): Promise<void> {
  await sql`
    insert into sys_announcement_send (id, annt_id, user_id)
    select md5(a.id || ${userId}), a.id, ${userId}
    from sys_announcement a
    where a.send_status = '1' and a.del_flag = 0 and a.msg_type = 'ALL'
      and not exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = ${userId})
    on conflict (annt_id, user_id) do nothing`.execute(db);
}
