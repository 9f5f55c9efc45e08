/**
 * The access matrix, table-driven from app.routeAccess: every route that demands a permission code
 * clerk does not hold answers clerk 403 with the envelope — hiding a button is not security.
 */
import { describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../../server/http/access';
import { useDemoServer } from './helpers';

const demo = useDemoServer();

const split = (perms: string | null) => (perms ?? '').split(',').map((code) => code.trim()).filter(Boolean);

/** Clerk's codes straight from the database: granted through clerk's roles, plus codes with status '0'. */
async function clerkCodes(): Promise<Set<string>> {
  const db = demo.app.db;
  const granted = await db
    .selectFrom('users')
    .innerJoin('user_role', 'user_role.user_id', 'users.id')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('permissions.perms')
    .where('users.username', '=', 'clerk')
    .where('permissions.del_flag', '=', 0)
    .execute();
  const open = await db.selectFrom('permissions').select('perms').where('status', '=', '0').where('del_flag', '=', 0).execute();
  return new Set([...granted, ...open].flatMap((row) => split(row.perms)));
}

/** A callable URL for a route pattern: path parameters and wildcards get a dummy value. */
function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'dummy-id').replace(/\*/g, 'dummy');
}

const permissionOf = (route: RouteAccessEntry) => (typeof route.access === 'object' ? route.access.permission : null);

describe('every permission-guarded route refuses a user without its code', () => {
  it('answers clerk 403 with the envelope on each route whose code clerk lacks', async () => {
    const held = await clerkCodes();
    expect(held.has('cust:member:edit')).toBe(true);
    expect(held.has('cust:member:add')).toBe(false);
    const guarded = demo.app.routeAccess.filter((route) => permissionOf(route) !== null);
    const denied = guarded.filter((route) => !held.has(permissionOf(route) ?? ''));
    const allowed = guarded.length - denied.length;
    const skipped = guarded.filter((route) => held.has(permissionOf(route) ?? '')).map((route) => `${route.method} ${route.url} (${permissionOf(route) ?? ''})`);
    console.info(
      `access matrix: ${demo.app.routeAccess.length} routes, ${guarded.length} permission-guarded; ${denied.length} checked for clerk 403, ${allowed} not checked because clerk holds the code:\n  ${skipped.join('\n  ')}`,
    );
    expect(denied.length).toBeGreaterThan(20);
    // Clerk's own member routes are among the checked ones.
    expect(denied.map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['POST /api/cust/custMember/add', 'DELETE /api/cust/custMember/delete']));

    const failures: string[] = [];
    for (const route of denied) {
      const body = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' ? '{}' : undefined;
      const response = await demo.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { 'x-access-token': demo.clerk, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: body } : {}),
      });
      const label = `${route.method} ${route.url} (${permissionOf(route) ?? ''})`;
      if (response.statusCode !== 403) {
        failures.push(`${label}: HTTP ${response.statusCode}`);
        continue;
      }
      // HEAD answers carry no body.
      if (route.method === 'HEAD') continue;
      const envelope = response.json<{ success: unknown; code: unknown }>();
      if (envelope.success !== false || envelope.code !== 403) failures.push(`${label}: ${response.body}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('every route is declared', () => {
  /**
   * Self-service routes of the administration areas: what any signed-in user needs for their own
   * session (their menu, their departments, their password). Everything else there needs a code.
   */
  const SELF_SERVICE = [
    'GET /api/sys/permission/getUserPermissionByToken',
    'HEAD /api/sys/permission/getUserPermissionByToken',
    'GET /api/sys/user/getCurrentUserDeparts',
    'HEAD /api/sys/user/getCurrentUserDeparts',
    'POST /api/sys/user/updatePassword',
    'GET /api/sys/sysDepart/queryMyDeptTreeList',
    'HEAD /api/sys/sysDepart/queryMyDeptTreeList',
  ];

  it('declares access on every route, and only self-service routes of user/role/permission/department administration are open to any user', () => {
    const routes = demo.app.routeAccess;
    for (const route of routes) expect(['public', 'authenticated', 'static', 'member'].includes(String(route.access)) || permissionOf(route) !== null, route.url).toBe(true);
    const adminAreas = /^\/api\/sys\/(user|role|permission|sysDepart[A-Za-z]*)\//;
    const open = routes.filter((route) => adminAreas.test(route.url) && typeof route.access !== 'object').map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([...SELF_SERVICE].sort());
  });
});
