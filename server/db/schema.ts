import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps come back as Date; inserts may pass a Date or let the default apply. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

interface Audit {
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UsersTable extends Audit {
  id: string;
  username: string;
  realname: string;
  /** Self-describing scrypt string (server/auth/password.ts); never sent to a client. */
  password: string;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  /** 1 normal, 2 frozen */
  status: Generated<number>;
  del_flag: Generated<number>;
  /** The user's current department. */
  org_code: string | null;
}

export interface RolesTable extends Audit {
  id: string;
  role_code: string;
  role_name: string;
  description: string | null;
}

export interface UserRoleTable {
  id: string;
  user_id: string;
  role_id: string;
}

export interface DepartmentsTable extends Audit {
  id: string;
  parent_id: string | null;
  org_code: string;
  depart_name: string;
  sort: Generated<number>;
  del_flag: Generated<number>;
}

export interface UserDepartTable {
  id: string;
  user_id: string;
  dep_id: string;
}

export interface PermissionsTable extends Audit {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button */
  menu_type: number;
  perms: string | null;
  /** '1' hide when not granted, '2' disable when not granted */
  perms_type: Generated<string>;
  /** '1' controlled, '0' granted to everybody */
  status: Generated<string>;
  /** false: a menu entry that does not become a client route */
  route: Generated<boolean>;
  hidden: Generated<boolean>;
  always_show: Generated<boolean>;
  keep_alive: Generated<boolean>;
  internal_or_external: Generated<boolean>;
  icon: string | null;
  sort_no: Generated<number>;
  del_flag: Generated<number>;
}

export interface RolePermissionTable {
  id: string;
  role_id: string;
  permission_id: string;
}

export interface DictsTable extends Audit {
  id: string;
  dict_code: string;
  dict_name: string;
  description: string | null;
  del_flag: Generated<number>;
}

export interface DictItemsTable extends Audit {
  id: string;
  dict_id: string;
  item_value: string;
  item_text: string;
  description: string | null;
  sort_order: Generated<number>;
  /** 1 enabled, 0 disabled */
  status: Generated<number>;
  /** The tag colour of the item: an antd preset name or `#rrggbb`; null: the neutral tag (migration 0017). */
  item_color: string | null;
}

export interface TenantsTable extends Audit {
  id: number;
  name: string;
  /** 1 normal, 0 frozen */
  status: Generated<number>;
  /** Validity 开始时间 / 结束时间 (`YYYY-MM-DD`, inclusive; null = open-ended), migration 0013. */
  begin_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  end_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface UserTenantTable {
  id: string;
  user_id: string;
  tenant_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked: Generated<boolean>;
}

export interface SmsCodesTable {
  id: string;
  mobile: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  used: Generated<boolean>;
  attempts: Generated<number>;
  /** What the code may be used for: 'login', 'register' or 'forget'. */
  purpose: Generated<string>;
}

export interface LoginTicketsTable {
  id: string;
  ticket_hash: string;
  user_id: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  used: Generated<boolean>;
}

export interface PasswordResetTicketsTable {
  id: string;
  ticket_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  used: Generated<boolean>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** One stored upload (文件管理): the bytes live in the file store under `file_key`. */
export interface SysFileTable {
  id: string;
  tenant_id: ColumnType<number, number | undefined, number>;
  file_name: string;
  file_key: string;
  file_type: string;
  /** bigint: the driver may answer a string. */
  file_size: ColumnType<string | number, number, number>;
  storage: 'local' | 's3';
  biz: string;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_role: UserRoleTable;
  departments: DepartmentsTable;
  user_depart: UserDepartTable;
  permissions: PermissionsTable;
  role_permission: RolePermissionTable;
  dicts: DictsTable;
  dict_items: DictItemsTable;
  tenants: TenantsTable;
  user_tenant: UserTenantTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  login_tickets: LoginTicketsTable;
  password_reset_tickets: PasswordResetTicketsTable;
  app_meta: AppMetaTable;
  sys_file: SysFileTable;
}

export type UserRow = Selectable<UsersTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type PermissionRow = Selectable<PermissionsTable>;
export type NewPermission = Insertable<PermissionsTable>;
