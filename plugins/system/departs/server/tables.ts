import type { ColumnType, Kysely } from 'kysely';
import type { Database, DepartmentsTable } from '../../../../server/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Columns migration 0301 adds to the core `departments` table. */
export type DepartExtraColumns = {
  depart_name_en: string | null;
  org_category: string | null;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
};

export type DepartRolesTable = {
  id: string;
  depart_id: string;
  role_name: string;
  role_code: string;
  description: string | null;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
};

export type DepartRoleUserTable = {
  id: string;
  user_id: string;
  drole_id: string;
};

export type DepartTables = {
  departments: DepartmentsTable & DepartExtraColumns;
  depart_roles: DepartRolesTable;
  depart_role_user: DepartRoleUserTable;
};

export type DepartDb = Kysely<Database & DepartTables>;

export function departDb(db: Kysely<Database>): DepartDb {
  return db.withTables<DepartTables>();
}
