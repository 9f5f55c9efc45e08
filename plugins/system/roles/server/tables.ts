import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../../server/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type PermissionDataRuleTable = {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
  /** '1' valid, '0' invalid */
  status: ColumnType<string, string | undefined, string>;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
};

/** A department's grants (the ceiling of its department roles' grants). */
export type DepartPermissionTable = {
  id: string;
  depart_id: string;
  permission_id: string;
  data_rule_ids: string | null;
};

/**
 * A department role's grants. role_id names depart_roles.id by column only: that table belongs to
 * the departments area and is created by a later migration, so rows are cleaned by role id here.
 */
export type DepartRolePermissionTable = {
  id: string;
  depart_id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
};

/** The departments area's table, read (never written) to find a department role's department. */
export type DepartRoleRef = {
  id: string;
  depart_id: string;
};

export type RoleAreaTables = {
  permission_data_rules: PermissionDataRuleTable;
  depart_permission: DepartPermissionTable;
  depart_role_permission: DepartRolePermissionTable;
  depart_roles: DepartRoleRef;
  /** role_permission with this area's column (added by 0201). */
  role_permission: Database['role_permission'] & { data_rule_ids: ColumnType<string | null, string | null | undefined, string | null> };
};

export type RoleAreaDb = Kysely<Omit<Database, 'role_permission'> & RoleAreaTables>;

export function roleAreaDb(db: Kysely<Database>): RoleAreaDb {
  return db as unknown as RoleAreaDb;
}
