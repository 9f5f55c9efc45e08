import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import zhSysDepart from '../../../../locales/zh-CN/sysDepart.json';
import { businessError, ID_PATTERN, JSON_OBJECT_BODY, localeLabels, MSG_ADDED, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, newId, ok, permission, registerEntityRoutes, TEXT_QUERY, type AppContext, type FieldValues } from '../../../../server/kit';
import { DEPART_API, DEPART_PERMISSIONS, departRoleEntity, type DepartRoleUser } from '../entities';
import { removeDepartRoles } from './depart-store';
import { departDb, type DepartDb } from './tables';

export const MSG_DEPART_NOT_FOUND = '部门不存在';
export const MSG_USER_NOT_FOUND = '用户不存在';
export const MSG_ROLE_NOT_FOUND = '部门角色不存在';
export const MSG_NOT_MEMBER = '该用户不属于角色所在的部门';
const MAX_IDS = 1000;


function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function idList(value: unknown): string[] {
  return [...new Set(text(value).split(',').map((id) => id.trim()).filter((id) => ID_PATTERN.test(id)))].slice(0, MAX_IDS);
}

async function checkDepart(db: DepartDb, values: FieldValues): Promise<FieldValues> {
  if (values.departId === undefined) return values;
  const departId = values.departId;
  const found = typeof departId === 'string' && ID_PATTERN.test(departId)
    ? await db.selectFrom('departments').select('id').where('id', '=', departId).where('del_flag', '=', 0).executeTakeFirst()
    : undefined;
  if (found === undefined) throw businessError(MSG_DEPART_NOT_FOUND);
  return values;
}

interface RoleUserBody {
  userId?: unknown;
  newRoleId?: unknown;
  oldRoleId?: unknown;
}

/** 部门角色: CRUD on the engine (listed per department with `deptId`), and which users hold them. */
export async function registerDepartRoleRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = departDb(ctx.db);

  await registerEntityRoutes(api, departRoleEntity, {
    labels: localeLabels({ sysDepart: zhSysDepart }),
    actions: ['list', 'queryById', 'add', 'edit'],
    beforeWrite: (values) => checkDepart(db, values),
    // The conventions list a department's roles with `deptId`; `departId` works through the search field.
    readScope: (request: FastifyRequest) => {
      const deptId = text((request.query as Record<string, unknown>).deptId);
      return ID_PATTERN.test(deptId) ? [sql`${sql.id('depart_id')} = ${deptId}`] : [];
    },
  });

  api.delete(DEPART_API.roleDelete, { ...permission(DEPART_PERMISSIONS.roleDelete), schema: TEXT_QUERY }, async (request) => {
    const id = text((request.query as Record<string, unknown>).id);
    if (!ID_PATTERN.test(id) || (await removeDepartRoles(db, [id])) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.delete(DEPART_API.roleDeleteBatch, { ...permission(DEPART_PERMISSIONS.roleDeleteBatch), schema: TEXT_QUERY }, async (request) => {
    const ids = idList((request.query as Record<string, unknown>).ids);
    if (ids.length === 0 || (await removeDepartRoles(db, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_BATCH_DELETED);
  });

  // The user's links to the roles of one department.
  api.get(DEPART_API.deptRoleByUser, { ...permission(DEPART_PERMISSIONS.roleList), schema: TEXT_QUERY }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const userId = text(query.userId);
    const departId = text(query.departId);
    if (!ID_PATTERN.test(userId) || !ID_PATTERN.test(departId)) return ok<DepartRoleUser[]>([]);
    const rows = await db
      .selectFrom('depart_role_user')
      .innerJoin('depart_roles', 'depart_roles.id', 'depart_role_user.drole_id')
      .select(['depart_role_user.id', 'depart_role_user.user_id', 'depart_role_user.drole_id'])
      .where('depart_role_user.user_id', '=', userId)
      .where('depart_roles.depart_id', '=', departId)
      .execute();
    return ok<DepartRoleUser[]>(rows.map((row) => ({ id: row.id, userId: row.user_id, droleId: row.drole_id })));
  });

  /**
   * Conventions: adds the roles in newRoleId the user lacks and removes those in oldRoleId that are
   * not in newRoleId. The stored links, not the client's lists, decide what actually changes, and a
   * user can only hold roles of departments they belong to.
   */
  api.post<{ Body: RoleUserBody }>(DEPART_API.deptRoleUserAdd, { ...permission(DEPART_PERMISSIONS.roleUserAdd), schema: JSON_OBJECT_BODY }, async (request) => {
    const body: RoleUserBody = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const userId = text(body.userId);
    const wanted = idList(body.newRoleId);
    const dropped = idList(body.oldRoleId).filter((id) => !wanted.includes(id));
    const user = ID_PATTERN.test(userId) ? await db.selectFrom('users').select('id').where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst() : undefined;
    if (user === undefined) throw businessError(MSG_USER_NOT_FOUND);
    if (wanted.length > 0) {
      const roles = await db.selectFrom('depart_roles').select(['id', 'depart_id']).where('id', 'in', wanted).execute();
      if (roles.length !== wanted.length) throw businessError(MSG_ROLE_NOT_FOUND);
      const memberships = await db.selectFrom('user_depart').select('dep_id').where('user_id', '=', userId).execute();
      const mine = new Set(memberships.map((row) => row.dep_id));
      if (!roles.every((role) => mine.has(role.depart_id))) throw businessError(MSG_NOT_MEMBER);
    }
    await db.transaction().execute(async (trx) => {
      if (dropped.length > 0) await trx.deleteFrom('depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', dropped).execute();
      if (wanted.length > 0) {
        const held = await trx.selectFrom('depart_role_user').select('drole_id').where('user_id', '=', userId).where('drole_id', 'in', wanted).execute();
        const have = new Set(held.map((row) => row.drole_id));
        const missing = wanted.filter((id) => !have.has(id));
        if (missing.length > 0) await trx.insertInto('depart_role_user').values(missing.map((droleId) => ({ id: newId(), user_id: userId, drole_id: droleId }))).execute();
      }
    });
    return ok(null, MSG_ADDED);
  });
}
