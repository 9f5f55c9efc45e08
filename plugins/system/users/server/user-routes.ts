import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import zhSysUser from '../../../../locales/zh-CN/sysUser.json';
import { MOBILE_PATTERN, USERNAME_PATTERN } from '../../../../src/contracts/account';
import { permissionCode } from '../../../../src/contracts/entity';
import { businessError, fail, fieldLabeller, hashPassword, isUniqueViolation, joinTenant, JSON_OBJECT_BODY, loadDictionaries, localeLabels, lockAtVersion, MSG_ADDED, MSG_AVAILABLE, MSG_BATCH_DELETED, MSG_DELETED, MSG_DUPLICATE, MSG_EDITED, MSG_NOT_FOUND_RECORD, MSG_PASSWORD_CHANGED, MSG_PASSWORD_LENGTH, MSG_PASSWORDS_DIFFER, MSG_USERNAME_INVALID, ok, permission, registerEntityRoutes, rowVersionOf, selectColumnsSql, TEXT_QUERY, toRecord, unauthorized, validateInput, workingTenant, type AppContext, type FieldValues, type Row } from '../../../../server/kit';
import { PASSWORD_LIMITS, SUPER_ADMIN_USERNAME, USER_API, USER_PERMISSIONS, USER_STATUS } from '../api';
import { userEntity } from '../entities';
import {
  assertDepartsExist,
  assertMayManage,
  assertRolesExist,
  departsOf,
  findLiveUserByUsername,
  insertUser,
  liveUsers,
  parseIds,
  replaceDeparts,
  replaceRoles,
  revokeSessions,
  roleIdsOf,
  setStatus,
  softDeleteUsers,
  takenBy,
  unusablePassword,
  updateUser,
} from './user-store';

export const MSG_USERNAME_TAKEN = '用户账号已存在';
export const MSG_PHONE_TAKEN = '手机号已存在';
export const MSG_EMAIL_TAKEN = '邮箱已存在';
export const MSG_PHONE_INVALID = '请输入正确的手机号';
export const MSG_EMAIL_INVALID = '请输入正确的邮箱地址';
export const MSG_PASSWORD_REQUIRED = '密码不能为空';
export const MSG_DELETE_ADMIN = '不能删除管理员账号！';
export const MSG_DELETE_SELF = '不能删除当前登录用户！';
export const MSG_FREEZE_ADMIN = '不能冻结管理员账号！';
export const MSG_FREEZE_SELF = '不能冻结当前登录用户！';
export const MSG_FROZEN = '冻结成功!';
export const MSG_UNFROZEN = '解冻成功!';
export const MSG_BAD_STATUS = '状态参数不正确';
export const MSG_USER_NOT_FOUND = '用户不存在';
export const MSG_CHECK_EMPTY = '校验参数不能为空';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IDENTITY_COLUMNS = [
  ['username', MSG_USERNAME_TAKEN],
  ['phone', MSG_PHONE_TAKEN],
  ['email', MSG_EMAIL_TAKEN],
] as const;

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function param(source: unknown, name: string): string {
  const value = objectOf(source)[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

function has(source: Record<string, unknown>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(source, name);
}

function callerOf(request: FastifyRequest): { userId: string; username: string; sessionId: string } {
  if (request.auth === null) throw unauthorized();
  return request.auth;
}

function checkPassword(password: string, confirm: unknown): void {
  if (typeof confirm === 'string' && confirm !== password) throw businessError(MSG_PASSWORDS_DIFFER);
  const length = [...password].length;
  if (length < PASSWORD_LIMITS.min || length > PASSWORD_LIMITS.max) throw businessError(MSG_PASSWORD_LENGTH);
}

/**
 * 用户管理 (docs/spec.md §7 Users): list, queryById, export and import through the CRUD engine; add, edit
 * and delete here, because they also write the user's roles and departments in one transaction,
 * keep the password write-only, and never delete or freeze the administrator or the caller.
 */
export async function registerUserRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const labels = localeLabels({ sysUser: zhSysUser });
  const label = fieldLabeller(userEntity, labels);
  const dictItems = (code: string) => ctx.dictionaries.items(code);
  const list = permissionCode(userEntity, 'list');

  const store = await registerEntityRoutes(api, userEntity, {
    labels,
    actions: ['list', 'queryById', 'exportXls', 'importExcel'],
    // Only import writes through the engine: imported users have no usable password and wait frozen
    // until an administrator sets one (密码) and unfreezes them.
    beforeWrite: (values) => ({ ...values, password: unusablePassword(), status: USER_STATUS.frozen }),
  });

  async function validated(body: Record<string, unknown>, mode: 'add' | 'edit', id?: string): Promise<FieldValues> {
    const { values, issues } = await validateInput(userEntity, body, { mode, label, dictItems });
    if (issues[0] !== undefined) throw businessError(issues[0].message);
    if (typeof values.username === 'string' && !USERNAME_PATTERN.test(values.username)) throw businessError(MSG_USERNAME_INVALID);
    if (typeof values.phone === 'string' && !MOBILE_PATTERN.test(values.phone)) throw businessError(MSG_PHONE_INVALID);
    if (typeof values.email === 'string' && !EMAIL_PATTERN.test(values.email)) throw businessError(MSG_EMAIL_INVALID);
    for (const [column, message] of IDENTITY_COLUMNS) {
      const value = values[column];
      if (typeof value === 'string' && (await takenBy(db, column, value, id))) throw businessError(message);
    }
    return values;
  }

  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // A race lost to a concurrent write of the same identity.
      if (isUniqueViolation(error)) throw businessError(MSG_DUPLICATE);
      throw error;
    }
  }

  api.post(USER_API.add, { ...permission(permissionCode(userEntity, 'add')), schema: JSON_OBJECT_BODY }, async (request) => {
    const caller = callerOf(request);
    const body = objectOf(request.body);
    const values = await validated(body, 'add');
    const password = values.password;
    if (typeof password !== 'string') throw businessError(MSG_PASSWORD_REQUIRED);
    checkPassword(password, body.confirmpassword);
    const roleIds = await assertRolesExist(db, parseIds(body.selectedroles));
    const departIds = await assertDepartsExist(db, parseIds(body.selecteddeparts));
    await assertMayManage(db, caller.userId, [], roleIds);
    const row = { ...values, password: await hashPassword(password) };
    // A user added here works in the shop the administrator works in (without a tenant nobody may sign in).
    const tenantId = await workingTenant(db, caller.userId, request.tenantId);
    const id = await guardUnique(() =>
      db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, row, caller.username);
        await replaceRoles(trx, created, roleIds);
        await replaceDeparts(trx, created, departIds);
        if (tenantId !== null) await joinTenant(trx, tenantId, [created]);
        return created;
      }),
    );
    await store.recordChange(request, 'add', id, null);
    return ok(await store.findById(request, id), MSG_ADDED);
  });

  api.route({
    method: ['PUT', 'POST'],
    url: USER_API.edit,
    ...permission(permissionCode(userEntity, 'edit')),
    schema: JSON_OBJECT_BODY,
    handler: async (request) => {
      const caller = callerOf(request);
      const body = objectOf(request.body);
      const id = param(body, 'id');
      const version = rowVersionOf(body);
      if ((await liveUsers(db, id === '' ? [] : [id])).length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      // The account name is fixed once created, and the password changes only through 密码.
      const editable = Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'username' && name !== 'password'));
      const values = await validated(editable, 'edit', id);
      const roleIds = has(body, 'selectedroles') ? await assertRolesExist(db, parseIds(body.selectedroles)) : null;
      const departIds = has(body, 'selecteddeparts') ? await assertDepartsExist(db, parseIds(body.selecteddeparts)) : null;
      await assertMayManage(db, caller.userId, [id], roleIds ?? []);
      const before = await store.findById(request, id);
      await guardUnique(() =>
        db.transaction().execute(async (trx) => {
          // Refused when another save came between the form's read and this one (the row stays locked to the end).
          if (!(await lockAtVersion(trx, { table: 'users', id, where: [sql`del_flag = 0`] }, version))) throw businessError(MSG_NOT_FOUND_RECORD);
          if (!(await updateUser(trx, id, values, caller.username))) throw businessError(MSG_NOT_FOUND_RECORD);
          if (roleIds !== null) await replaceRoles(trx, id, roleIds);
          if (departIds !== null) await replaceDeparts(trx, id, departIds);
        }),
      );
      await store.recordChange(request, 'edit', id, before);
      return ok(await store.findById(request, id), MSG_EDITED);
    },
  });

  /** Refuses the whole batch when it holds the administrator or the caller. */
  async function guardTargets(callerId: string, ids: string[], messages: { admin: string; self: string }): Promise<void> {
    const users = await liveUsers(db, ids);
    if (users.some((user) => user.username === SUPER_ADMIN_USERNAME)) throw businessError(messages.admin);
    if (ids.includes(callerId)) throw businessError(messages.self);
    await assertMayManage(db, callerId, ids);
  }

  async function remove(request: FastifyRequest, ids: string[] | null): Promise<number> {
    const caller = callerOf(request);
    if (ids === null || ids.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    await guardTargets(caller.userId, ids, { admin: MSG_DELETE_ADMIN, self: MSG_DELETE_SELF });
    const before = await Promise.all(ids.map((id) => store.findById(request, id)));
    const removed = await db.transaction().execute(async (trx) => {
      const count = await softDeleteUsers(trx, ids, caller.username);
      await revokeSessions(trx, ids);
      return count;
    });
    for (const [index, id] of ids.entries()) await store.recordChange(request, 'delete', id, before[index] ?? null);
    return removed;
  }

  api.delete(USER_API.delete, { ...permission(permissionCode(userEntity, 'delete')), schema: TEXT_QUERY }, async (request) => {
    const id = param(request.query, 'id');
    if ((await remove(request, id === '' ? [] : parseIds(id)?.slice(0, 1) ?? null)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.delete(USER_API.deleteBatch, { ...permission(permissionCode(userEntity, 'deleteBatch')), schema: TEXT_QUERY }, async (request) => {
    if ((await remove(request, parseIds(param(request.query, 'ids')))) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_BATCH_DELETED);
  });

  // 冻结 / 解冻: approving a self-registered account (created frozen) is unfreezing it.
  api.put(USER_API.frozenBatch, { ...permission(USER_PERMISSIONS.frozenBatch), schema: JSON_OBJECT_BODY }, async (request) => {
    const caller = callerOf(request);
    const body = objectOf(request.body);
    const status = Number(param(body, 'status'));
    if (status !== USER_STATUS.normal && status !== USER_STATUS.frozen) throw businessError(MSG_BAD_STATUS);
    const ids = parseIds(param(body, 'ids'));
    if (ids === null || ids.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    if (status === USER_STATUS.frozen) await guardTargets(caller.userId, ids, { admin: MSG_FREEZE_ADMIN, self: MSG_FREEZE_SELF });
    else await assertMayManage(db, caller.userId, ids);
    const changed = await db.transaction().execute(async (trx) => {
      const count = await setStatus(trx, ids, status, caller.username);
      // Sessions of a frozen user end for good: unfreezing later does not revive them.
      if (status === USER_STATUS.frozen) await revokeSessions(trx, ids);
      return count;
    });
    if (changed === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, status === USER_STATUS.frozen ? MSG_FROZEN : MSG_UNFROZEN);
  });

  api.get(USER_API.queryUserRole, { ...permission(list), schema: TEXT_QUERY }, async (request) => {
    const userId = param(request.query, 'userid');
    return ok(userId === '' ? [] : await roleIdsOf(db, userId));
  });

  api.get(USER_API.userDepartList, { ...permission(list), schema: TEXT_QUERY }, async (request) => {
    const userId = param(request.query, 'userId');
    return ok(userId === '' ? [] : await departsOf(db, userId));
  });

  // Only for the screen's forms, so only for whoever may list users (never anonymous: CVE-2021-37306).
  api.get(USER_API.checkOnlyUser, { ...permission(list), schema: TEXT_QUERY }, async (request) => {
    const exceptId = param(request.query, 'id');
    for (const [column, message] of IDENTITY_COLUMNS) {
      const value = param(request.query, column);
      if (value === '') continue;
      if (value.length > 255) return fail(message);
      return (await takenBy(db, column, value, exceptId)) ? fail(message) : ok(null, MSG_AVAILABLE);
    }
    throw businessError(MSG_CHECK_EMPTY);
  });

  // An administrator sets another user's password; whoever held the old one loses every session.
  api.put(USER_API.changePassword, { ...permission(USER_PERMISSIONS.changePassword), schema: JSON_OBJECT_BODY }, async (request) => {
    const caller = callerOf(request);
    const body = objectOf(request.body);
    const password = typeof body.password === 'string' ? body.password : '';
    if (password === '') throw businessError(MSG_PASSWORD_REQUIRED);
    checkPassword(password, typeof body.confirmpassword === 'string' ? body.confirmpassword : '');
    const user = await findLiveUserByUsername(db, param(body, 'username'));
    if (user === undefined) throw businessError(MSG_USER_NOT_FOUND);
    await assertMayManage(db, caller.userId, [user.id]);
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password: hash, update_by: caller.username, update_time: new Date() }).where('id', '=', user.id).execute();
      await revokeSessions(trx, [user.id], user.id === caller.userId ? caller.sessionId : undefined);
    });
    return ok(null, MSG_PASSWORD_CHANGED);
  });

  api.get(USER_API.queryUserByDepId, { ...permission(list), schema: TEXT_QUERY }, async (request) => {
    const depId = param(request.query, 'id');
    if (depId === '' || depId.length > 64) return ok([]);
    const rows = await sql<Row>`select ${selectColumnsSql(userEntity)} from users
      where del_flag = 0 and id in (select user_id from user_depart where dep_id = ${depId})
      order by username`.execute(db);
    const dictionaries = await loadDictionaries(userEntity, dictItems);
    return ok(rows.rows.map((row) => toRecord(userEntity, row, dictionaries)));
  });
}
