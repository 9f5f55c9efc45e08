import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveUserById, ok, permission, readPage, TEXT_QUERY, toUserInfo, unauthorized, type AppContext } from '../../../../server/kit';
import { API } from '../../../../src/contracts/api-paths';
import type { PageResult } from '../../../../src/contracts/envelope';
import type { UserInfo } from '../../../../src/contracts/session';
import { ROLE_CODES, type LegacyPermission, type LegacyRole, type LegacyService } from '../contracts';
import { textOf } from './params';
import { roleAreaDb, type RoleAreaDb } from './tables';


function page<T>(records: T[], total: number, pageNo: number, pageSize: number): PageResult<T> {
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

function splitCodes(perms: string | null): string[] {
  return (perms ?? '').split(',').map((code) => code.trim()).filter((code) => code !== '');
}

async function permissionCodesByRole(db: RoleAreaDb, roleIds: readonly string[]): Promise<Map<string, string[]>> {
  const byRole = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['role_permission.role_id', 'permissions.perms'])
    .where('role_permission.role_id', 'in', [...roleIds])
    .where('permissions.del_flag', '=', 0)
    .where('permissions.perms', 'is not', null)
    .orderBy('permissions.sort_no')
    .execute();
  for (const row of rows) {
    const codes = byRole.get(row.role_id);
    if (codes !== undefined) for (const code of splitCodes(row.perms)) if (!codes.includes(code)) codes.push(code);
  }
  return byRole;
}

function permissionQuery(db: RoleAreaDb) {
  return db.selectFrom('permissions').where('del_flag', '=', 0);
}

async function permissionRows(db: RoleAreaDb, limit?: { pageNo: number; pageSize: number }): Promise<LegacyPermission[]> {
  let query = permissionQuery(db)
    .select(['id', 'parent_id', 'name', 'url', 'component', 'menu_type', 'perms', 'perms_type', 'status', 'sort_no', 'hidden', 'icon'])
    .orderBy('sort_no')
    .orderBy('name')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit.pageSize).offset((limit.pageNo - 1) * limit.pageSize);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    url: row.url,
    component: row.component,
    menuType: row.menu_type,
    perms: row.perms,
    permsType: row.perms_type,
    status: row.status,
    sortNo: row.sort_no,
    hidden: row.hidden,
    icon: row.icon,
  }));
}

/**
 * The legacy listings of docs/spec.md §7 "Roles" (/api/role, /api/service, /api/permission[/no-pager],
 * /api/user). The listings of roles, permissions and routes need the list permissions; /api/user
 * only tells the caller about themselves.
 */
export function registerLegacyRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = roleAreaDb(ctx.db);
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  api.get(API.legacyRoles, { ...permission(ROLE_CODES.list), schema: TEXT_QUERY }, async (request) => {
    const { pageNo, pageSize } = readPage(query(request));
    const total = (await db.selectFrom('roles').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total;
    const roles = await db.selectFrom('roles').select(['id', 'role_code', 'role_name', 'description']).orderBy('create_time').orderBy('role_code').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
    const codes = await permissionCodesByRole(db, roles.map((role) => role.id));
    const records: LegacyRole[] = roles.map((role) => ({
      id: role.id,
      roleCode: role.role_code,
      roleName: role.role_name,
      description: role.description,
      permissionCodes: codes.get(role.id) ?? [],
    }));
    return ok(page(records, Number(total), pageNo, pageSize));
  });

  api.get(API.legacyPermissions, { ...permission(ROLE_CODES.permissionTree), schema: TEXT_QUERY }, async (request) => {
    const { pageNo, pageSize } = readPage(query(request));
    const total = (await permissionQuery(db).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total;
    return ok(page(await permissionRows(db, { pageNo, pageSize }), Number(total), pageNo, pageSize));
  });

  api.get(API.legacyPermissionsNoPager, { ...permission(ROLE_CODES.permissionTree), schema: TEXT_QUERY }, async () => ok(await permissionRows(db)));

  api.get(API.legacyUser, { config: { access: 'authenticated' }, schema: TEXT_QUERY }, async (request) => {
    const user = request.auth === null ? undefined : await findActiveUserById(ctx.db, request.auth.userId);
    if (user === undefined) throw unauthorized();
    const roles = await db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select('roles.role_code')
      .where('user_role.user_id', '=', user.id)
      .orderBy('roles.role_code')
      .execute();
    const result: UserInfo & { roleCodes: string[] } = { ...toUserInfo(user), roleCodes: roles.map((role) => role.role_code) };
    return ok(result);
  });

  api.get(API.legacyServices, { ...permission(ROLE_CODES.list), schema: TEXT_QUERY }, async (request) => {
    const { pageNo, pageSize } = readPage(query(request));
    const filter = textOf(query(request).url);
    // HEAD twins of GET routes are Fastify's, not the product's.
    const services: LegacyService[] = api.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && entry.access !== 'static' && (filter === '' || entry.url.includes(filter)))
      .map((entry) => ({ method: entry.method, url: entry.url, access: entry.access }))
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    return ok(page(services.slice((pageNo - 1) * pageSize, pageNo * pageSize), services.length, pageNo, pageSize));
  });
}
