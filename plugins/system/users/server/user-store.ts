import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { columnOf } from '../../../../src/contracts/entity';
import { ADMIN_ROLE, businessError, isAdmin, newId, type Database, type FieldValues } from '../../../../server/kit';
import { SUPER_ADMIN_USERNAME, type UserDepartEntry } from '../api';
import { userEntity } from '../entities';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/** The users screen's reads and writes beyond the CRUD engine: relations, guards, sessions. */

export const MSG_ROLE_NOT_FOUND = '所选角色不存在';
export const MSG_DEPART_NOT_FOUND = '所选部门不存在';
export const MSG_ADMIN_ONLY = '只有管理员可以管理管理员账号';
export const MAX_IDS = 1000;


type Db = Kysely<Database>;

/**
 * A comma-separated id list (the client may leave a trailing comma), deduplicated; null when an
 * entry is not an id at all, so callers answer it like an unknown id.
 */
export function parseIds(raw: unknown): string[] | null {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'string') return null;
  const ids = [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
  return ids.length <= MAX_IDS && ids.every((id) => RECORD_ID_PATTERN.test(id)) ? ids : null;
}

/** A stored password that no password matches (imported users get theirs set with 密码). */
export function unusablePassword(): string {
  return `unset$${randomBytes(12).toString('base64url')}`;
}

export async function assertRolesExist(db: Db, ids: string[] | null): Promise<string[]> {
  if (ids === null) throw businessError(MSG_ROLE_NOT_FOUND);
  if (ids.length === 0) return ids;
  const found = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw businessError(MSG_ROLE_NOT_FOUND);
  return ids;
}

export async function assertDepartsExist(db: Db, ids: string[] | null): Promise<string[]> {
  if (ids === null) throw businessError(MSG_DEPART_NOT_FOUND);
  if (ids.length === 0) return ids;
  const found = await db.selectFrom('departments').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
  if (found.length !== ids.length) throw businessError(MSG_DEPART_NOT_FOUND);
  return ids;
}

export async function replaceRoles(db: Db, userId: string, roleIds: string[]): Promise<void> {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) await db.insertInto('user_role').values(roleIds.map((roleId) => ({ id: newId(), user_id: userId, role_id: roleId }))).execute();
}

export async function replaceDeparts(db: Db, userId: string, departIds: string[]): Promise<void> {
  await db.deleteFrom('user_depart').where('user_id', '=', userId).execute();
  if (departIds.length > 0) await db.insertInto('user_depart').values(departIds.map((depId) => ({ id: newId(), user_id: userId, dep_id: depId }))).execute();
}

export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
  return rows.map((row) => row.role_id);
}

export async function departsOf(db: Db, userId: string): Promise<UserDepartEntry[]> {
  const rows = await db
    .selectFrom('user_depart')
    .innerJoin('departments', 'departments.id', 'user_depart.dep_id')
    .select(['departments.id', 'departments.depart_name'])
    .where('user_depart.user_id', '=', userId)
    .where('departments.del_flag', '=', 0)
    .orderBy('departments.sort')
    .orderBy('departments.org_code')
    .execute();
  return rows.map((row) => ({ key: row.id, title: row.depart_name }));
}

/** Ends every open session of the users (all but `keepSessionId`, the caller's own). */
export async function revokeSessions(db: Db, userIds: string[], keepSessionId?: string): Promise<void> {
  if (userIds.length === 0) return;
  let query = db.updateTable('sessions').set({ revoked: true }).where('user_id', 'in', userIds).where('revoked', '=', false);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** The live users among the ids. */
export async function liveUsers(db: Db, ids: string[]): Promise<Array<{ id: string; username: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
}

export async function findLiveUserByUsername(db: Db, username: string): Promise<{ id: string; username: string } | undefined> {
  return db.selectFrom('users').select(['id', 'username']).where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
}

/**
 * Only an administrator manages administrators: otherwise whoever may manage users could take over
 * an administrator's account (reset its password) or make themselves one (assign the role).
 */
export async function assertMayManage(db: Db, callerId: string, targetIds: string[], roleIds: string[] = []): Promise<void> {
  if (await isAdmin(db, callerId)) return;
  const touchesAdmins =
    (targetIds.length > 0 &&
      (await db
        .selectFrom('user_role')
        .innerJoin('roles', 'roles.id', 'user_role.role_id')
        .select('user_role.id')
        .where('user_role.user_id', 'in', targetIds)
        .where('roles.role_code', '=', ADMIN_ROLE)
        .executeTakeFirst()) !== undefined) ||
    (roleIds.length > 0 && (await db.selectFrom('roles').select('id').where('id', 'in', roleIds).where('role_code', '=', ADMIN_ROLE).executeTakeFirst()) !== undefined);
  const touchesSuperAdmin = targetIds.length > 0 && (await liveUsers(db, targetIds)).some((user) => user.username === SUPER_ADMIN_USERNAME);
  if (touchesAdmins || touchesSuperAdmin) throw businessError(MSG_ADMIN_ONLY);
}

/** Who else holds a value of a unique identity column (username: every row, deleted ones keep it). */
export async function takenBy(db: Db, column: 'username' | 'phone' | 'email', value: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(column, '=', value);
  if (column !== 'username') query = query.where('del_flag', '=', 0);
  if (exceptId !== undefined && exceptId !== '') query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: FieldValues, createdBy: string | null): Promise<string> {
  const id = newId();
  const entries = Object.entries(values);
  const columns = ['id', ...entries.map(([name]) => columnOf(userEntity, name)), 'create_by', 'create_time'];
  const params: unknown[] = [id, ...entries.map(([, value]) => value), createdBy, sql`now()`];
  await sql`insert into users (${sql.join(columns.map((column) => sql.id(column)))}) values (${sql.join(params)})`.execute(db);
  return id;
}

export async function updateUser(db: Db, id: string, values: FieldValues, updatedBy: string | null): Promise<boolean> {
  const assignments = [
    ...Object.entries(values).map(([name, value]) => sql`${sql.id(columnOf(userEntity, name))} = ${value}`),
    sql`update_by = ${updatedBy}`,
    sql`update_time = now()`,
  ];
  const updated = await sql<{ id: string }>`update users set ${sql.join(assignments)} where id = ${id} and del_flag = 0 returning id`.execute(db);
  return updated.rows.length > 0;
}

export async function softDeleteUsers(db: Db, ids: string[], deletedBy: string | null): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ del_flag: 1, update_by: deletedBy, update_time: new Date() })
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .returning('id')
    .execute();
  return result.length;
}

export async function setStatus(db: Db, ids: string[], status: number, updatedBy: string | null): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ status, update_by: updatedBy, update_time: new Date() })
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .returning('id')
    .execute();
  return result.length;
}
