import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import zhSysRole from '../../../../locales/zh-CN/sysRole.json';
import { businessError, localeLabels, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, permission, registerEntityRoutes, selectColumnsSql, TEXT_QUERY, toRecord, type AppContext, type Row } from '../../../../server/kit';
import { permissionCode } from '../../../../src/contracts/entity';
import { ADMIN_ROLE_CODE, ROLE_API, ROLE_CODES, type RoleTreeNode } from '../contracts';
import { roleEntity } from '../entities';
import { idListOf, idOf } from './params';
import { roleAreaDb, type RoleAreaDb } from './tables';

export const MSG_ADMIN_ROLE_UNDELETABLE = '管理员角色不能删除！';
export const MSG_ADMIN_ROLE_CODE_FIXED = '管理员角色的编码不能修改！';
export const MSG_ROLE_CODE_INVALID = '角色编码只能包含字母、数字、下划线和中划线！';

const ROLE_CODE = /^[A-Za-z0-9_-]+$/;
const MAX_BATCH_IDS = 1000;

async function roleCodeOf(db: RoleAreaDb, id: string): Promise<string | undefined> {
  return (await db.selectFrom('roles').select('role_code').where('id', '=', id).executeTakeFirst())?.role_code;
}

/** Deletes roles (their user and permission grants cascade); the admin role is refused. */
async function removeRoles(db: RoleAreaDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const admin = await db.selectFrom('roles').select('id').where('id', 'in', [...ids]).where('role_code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
  if (admin !== undefined) throw businessError(MSG_ADMIN_ROLE_UNDELETABLE);
  const removed = await db.deleteFrom('roles').where('id', 'in', [...ids]).returning('id').execute();
  return removed.length;
}

async function allRoles(db: RoleAreaDb): Promise<Row[]> {
  const rows = await sql<Row>`select ${selectColumnsSql(roleEntity)} from roles order by create_time, role_code`.execute(db);
  return rows.rows;
}

/** 角色管理: the engine's list/add/edit/queryById/export/import, with deletes, pickers and guards of its own. */
export async function registerRoleRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = roleAreaDb(ctx.db);
  await registerEntityRoutes(api, roleEntity, {
    labels: localeLabels({ sysRole: zhSysRole }),
    actions: ['list', 'queryById', 'add', 'edit', 'exportXls', 'importExcel'],
    beforeWrite: async (values, context) => {
      const code = values.roleCode;
      if (typeof code === 'string' && !ROLE_CODE.test(code)) throw businessError(MSG_ROLE_CODE_INVALID);
      // Renaming the admin role's code would silently take every permission from its holders.
      if (context.mode === 'edit' && context.id !== undefined && code !== undefined && code !== ADMIN_ROLE_CODE) {
        if ((await roleCodeOf(db, context.id)) === ADMIN_ROLE_CODE) throw businessError(MSG_ADMIN_ROLE_CODE_FIXED);
      }
      return values;
    },
  });

  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  api.delete(`${ROLE_API.base}/delete`, { ...permission(permissionCode(roleEntity, 'delete')), schema: TEXT_QUERY }, async (request) => {
    const id = idOf(query(request).id);
    if (id === null || (await removeRoles(db, [id])) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.delete(`${ROLE_API.base}/deleteBatch`, { ...permission(permissionCode(roleEntity, 'deleteBatch')), schema: TEXT_QUERY }, async (request) => {
    const ids = idListOf(query(request).ids);
    if (ids.length === 0 || ids.length > MAX_BATCH_IDS || (await removeRoles(db, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_BATCH_DELETED);
  });

  api.get(ROLE_API.queryAll, { ...permission(ROLE_CODES.queryAll), schema: TEXT_QUERY }, async () => {
    const dictionaries: Parameters<typeof toRecord>[2] = new Map();
    return ok((await allRoles(db)).map((row) => toRecord(roleEntity, row, dictionaries)));
  });

  api.get(ROLE_API.roleTree, { ...permission(ROLE_CODES.list), schema: TEXT_QUERY }, async () => {
    const nodes: RoleTreeNode[] = (await allRoles(db)).map((row) => ({ key: String(row.id), title: String(row.role_name), value: String(row.id), isLeaf: true }));
    return ok(nodes);
  });
}
