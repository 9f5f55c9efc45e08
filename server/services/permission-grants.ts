import { sql, type ExpressionBuilder, type ExpressionWrapper, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The departments area's tables (system plugin) this rule reads, by column only: the core must keep
 * working in a build without that plugin, where the tables do not exist.
 */
export type DepartRoleGrantTables = {
  depart_roles: { id: string; depart_id: string };
  depart_role_user: { id: string; user_id: string; drole_id: string };
  depart_role_permission: { id: string; depart_id: string; role_id: string; permission_id: string };
};

export type GrantDatabase = Database & DepartRoleGrantTables;

/** Whether permissions.id is granted to one user; used inside a query over `permissions`. */
export type GrantCondition = (eb: ExpressionBuilder<GrantDatabase, 'permissions'>) => ExpressionWrapper<GrantDatabase, 'permissions', SqlBool>;

const departTablesPresent = new WeakMap<Kysely<Database>, Promise<boolean>>();

/** Asked once per database: migrations have run before the first request asks. */
function hasDepartRoleTables(db: Kysely<Database>): Promise<boolean> {
  let known = departTablesPresent.get(db);
  if (known === undefined) {
    known = sql<{ present: boolean }>`select to_regclass('depart_role_user') is not null and to_regclass('depart_role_permission') is not null and to_regclass('depart_roles') is not null as present`
      .execute(db)
      .then((answer) => answer.rows[0]?.present === true);
    departTablesPresent.set(db, known);
  }
  return known;
}

/**
 * The one rule for what a (non-admin) user is granted, shared by the menu/auth answer and the
 * server's permission check: the grants of the user's roles, plus the grants of the department
 * roles linked to the user, counting only roles of live departments the user still belongs to.
 */
export async function grantedToUser(db: Kysely<Database>, userId: string): Promise<{ db: Kysely<GrantDatabase>; granted: GrantCondition }> {
  const withDepartRoles = await hasDepartRoleTables(db);
  const granted: GrantCondition = (eb) => {
    const byRole = eb.exists(
      eb
        .selectFrom('role_permission')
        .innerJoin('user_role', 'user_role.role_id', 'role_permission.role_id')
        .select('role_permission.id')
        .whereRef('role_permission.permission_id', '=', 'permissions.id')
        .where('user_role.user_id', '=', userId),
    );
    if (!withDepartRoles) return byRole;
    const byDepartRole = eb.exists(
      eb
        .selectFrom('depart_role_permission')
        .innerJoin('depart_role_user', 'depart_role_user.drole_id', 'depart_role_permission.role_id')
        .innerJoin('depart_roles', 'depart_roles.id', 'depart_role_user.drole_id')
        .innerJoin('user_depart', (join) => join.onRef('user_depart.dep_id', '=', 'depart_roles.depart_id').onRef('user_depart.user_id', '=', 'depart_role_user.user_id'))
        .innerJoin('departments', 'departments.id', 'depart_roles.depart_id')
        .select('depart_role_permission.id')
        .whereRef('depart_role_permission.permission_id', '=', 'permissions.id')
        .where('depart_role_user.user_id', '=', userId)
        .where('departments.del_flag', '=', 0),
    );
    return eb.or([byRole, byDepartRole]);
  };
  return { db: db.withTables<DepartRoleGrantTables>(), granted };
}
