import type { FastifyInstance } from 'fastify';
import { businessError, JSON_OBJECT_BODY, MSG_NOT_FOUND_RECORD, ok, permission, TEXT_QUERY, type AppContext } from '../../../../server/kit';
import { ROLE_API, ROLE_CODES } from '../contracts';
import { fieldOf, idListOf, idOf } from './params';
import {
  departPermissionIds,
  deptRolePermissionIds,
  diffAssignment,
  rolePermissionIds,
  saveDepartPermissions,
  saveDeptRolePermissions,
  saveRolePermissions,
} from './permission-assignments';
import { loadPermissionTree } from './permission-tree';
import { roleAreaDb, type RoleAreaDb } from './tables';

export const MSG_SAVED = '保存成功！';


function diffOf(body: unknown) {
  return diffAssignment(idListOf(fieldOf(body, 'permissionIds')), idListOf(fieldOf(body, 'lastpermissionIds')));
}

async function roleExists(db: RoleAreaDb, roleId: string | null): Promise<string> {
  const row = roleId === null ? undefined : await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
  if (row === undefined) throw businessError(MSG_NOT_FOUND_RECORD);
  return row.id;
}

async function liveDepartment(db: RoleAreaDb, departId: string | null): Promise<string> {
  const row = departId === null ? undefined : await db.selectFrom('departments').select('id').where('id', '=', departId).where('del_flag', '=', 0).executeTakeFirst();
  if (row === undefined) throw businessError(MSG_NOT_FOUND_RECORD);
  return row.id;
}

/** A department role and its department, from the departments area's table. */
async function departRole(db: RoleAreaDb, roleId: string | null): Promise<{ id: string; departId: string }> {
  const row = roleId === null ? undefined : await db.selectFrom('depart_roles').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
  if (row === undefined) throw businessError(MSG_NOT_FOUND_RECORD);
  return { id: row.id, departId: row.depart_id };
}

/**
 * The permission tree and the three assignment kinds (role, department, department role): each
 * reads the owner's granted ids and saves a diff in one transaction.
 */
export function registerAssignmentRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = roleAreaDb(ctx.db);

  api.get(ROLE_API.permissionTree, { ...permission(ROLE_CODES.permissionTree), schema: TEXT_QUERY }, async () => ok(await loadPermissionTree(db)));

  api.get(ROLE_API.queryRolePermission, { ...permission(ROLE_CODES.authorize), schema: TEXT_QUERY }, async (request) => {
    const roleId = await roleExists(db, idOf((request.query as Record<string, unknown>).roleId));
    return ok(await rolePermissionIds(db, roleId));
  });

  api.post(ROLE_API.saveRolePermission, { ...permission(ROLE_CODES.authorize), schema: JSON_OBJECT_BODY }, async (request) => {
    const roleId = await roleExists(db, idOf(fieldOf(request.body, 'roleId')));
    await saveRolePermissions(db, roleId, diffOf(request.body));
    return ok(null, MSG_SAVED);
  });

  api.get(ROLE_API.queryDepartPermission, { ...permission(ROLE_CODES.departAuthorize), schema: TEXT_QUERY }, async (request) => {
    const departId = await liveDepartment(db, idOf((request.query as Record<string, unknown>).departId));
    return ok(await departPermissionIds(db, departId));
  });

  api.post(ROLE_API.saveDepartPermission, { ...permission(ROLE_CODES.departAuthorize), schema: JSON_OBJECT_BODY }, async (request) => {
    const departId = await liveDepartment(db, idOf(fieldOf(request.body, 'departId')));
    await saveDepartPermissions(db, departId, diffOf(request.body));
    return ok(null, MSG_SAVED);
  });

  api.get(ROLE_API.deptRolePermissionTree, { ...permission(ROLE_CODES.deptRoleAuthorize), schema: TEXT_QUERY }, async (request) => {
    const departId = await liveDepartment(db, idOf((request.query as Record<string, unknown>).departId));
    return ok(await loadPermissionTree(db, await departPermissionIds(db, departId)));
  });

  api.get(ROLE_API.queryDeptRolePermission, { ...permission(ROLE_CODES.deptRoleAuthorize), schema: TEXT_QUERY }, async (request) => {
    const role = await departRole(db, idOf((request.query as Record<string, unknown>).roleId));
    return ok(await deptRolePermissionIds(db, role.id));
  });

  api.post(ROLE_API.saveDeptRolePermission, { ...permission(ROLE_CODES.deptRoleAuthorize), schema: JSON_OBJECT_BODY }, async (request) => {
    // The department comes from the role itself, never from the body.
    const role = await departRole(db, idOf(fieldOf(request.body, 'roleId')));
    await liveDepartment(db, role.departId);
    await saveDeptRolePermissions(db, role.departId, role.id, diffOf(request.body));
    return ok(null, MSG_SAVED);
  });
}
