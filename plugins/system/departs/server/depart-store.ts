import { sql } from 'kysely';
import type { DepartRow } from './depart-tree';
import type { DepartDb } from './tables';

/** Reads and removals of departments shared by the routes. */

const ROW_COLUMNS = ['id', 'parent_id', 'org_code', 'depart_name', 'depart_name_en', 'org_category', 'sort', 'mobile', 'fax', 'address', 'memo'] as const;

export function liveDepartments(db: DepartDb): Promise<DepartRow[]> {
  return db.selectFrom('departments').select(ROW_COLUMNS).where('del_flag', '=', 0).orderBy('sort').orderBy('org_code').execute();
}

/** Every code ever issued with this prefix, deleted departments included (see org-code.ts). */
export async function codesWithPrefix(db: DepartDb, prefix: string): Promise<string[]> {
  const escaped = prefix.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db.selectFrom('departments').select('org_code').where('org_code', 'like', `${escaped}%`).execute();
  return rows.map((row) => row.org_code);
}

/** Whether any live user still belongs to one of these departments. */
export async function hasMembers(db: DepartDb, departIds: readonly string[]): Promise<boolean> {
  if (departIds.length === 0) return false;
  const found = await db
    .selectFrom('user_depart')
    .innerJoin('users', 'users.id', 'user_depart.user_id')
    .select('user_depart.id')
    .where('user_depart.dep_id', 'in', departIds)
    .where('users.del_flag', '=', 0)
    .limit(1)
    .execute();
  return found.length > 0;
}

/**
 * Department-role permissions live in the roles screen's table, which keeps the role id without a
 * foreign key (it is created before depart_roles): drop them with the roles.
 */
async function removeRolePermissions(db: DepartDb, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const table = await sql<{ present: boolean }>`select to_regclass('depart_role_permission') is not null as present`.execute(db);
  if (table.rows[0]?.present !== true) return;
  await sql`delete from depart_role_permission where role_id in (${sql.join(roleIds)})`.execute(db);
}

/** Deletes department roles (their user links cascade) and their permissions. */
export async function removeDepartRoles(db: DepartDb, roleIds: readonly string[]): Promise<number> {
  if (roleIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await removeRolePermissions(trx, roleIds);
    const removed = await trx.deleteFrom('depart_roles').where('id', 'in', roleIds).returning('id').execute();
    return removed.length;
  });
}

/** Marks the departments deleted and drops their roles, in one transaction. */
export async function removeDepartments(db: DepartDb, departIds: readonly string[], username: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('departments').set({ del_flag: 1, update_by: username, update_time: new Date() }).where('id', 'in', departIds).execute();
    const roles = await trx.selectFrom('depart_roles').select('id').where('depart_id', 'in', departIds).execute();
    const roleIds = roles.map((role) => role.id);
    await removeRolePermissions(trx, roleIds);
    if (roleIds.length > 0) await trx.deleteFrom('depart_roles').where('id', 'in', roleIds).execute();
  });
}
