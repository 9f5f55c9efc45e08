import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

function withAudit<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz');
}

const id = (c: ColumnDefinitionBuilder) => c.primaryKey();

/** Users, roles, departments, menus/buttons, dictionaries, tenants, sessions and one-time codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('realname', 'varchar(100)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)')
    .addColumn('email', 'varchar(100)')
    .addColumn('avatar', 'varchar(255)')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('org_code', 'varchar(64)')
    .$call(withAudit)
    .execute();
  // Phone login looks a user up by phone, so a live phone number must name one user.
  await db.schema
    .createIndex('users_phone_live_uq')
    .on('users')
    .column('phone')
    .unique()
    .where(sql.ref('del_flag'), '=', 0)
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .$call(withAudit)
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addUniqueConstraint('user_role_uq', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('departments')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('departments.id'))
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .$call(withAudit)
    .execute();

  await db.schema
    .createTable('user_depart')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addUniqueConstraint('user_depart_uq', ['user_id', 'dep_id'])
    .execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('permissions.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)')
    .addColumn('component', 'varchar(255)')
    .addColumn('component_name', 'varchar(100)')
    .addColumn('redirect', 'varchar(255)')
    .addColumn('menu_type', 'smallint', (c) => c.notNull())
    .addColumn('perms', 'varchar(1000)')
    .addColumn('perms_type', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('route', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('always_show', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('keep_alive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal_or_external', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('icon', 'varchar(100)')
    .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .$call(withAudit)
    .execute();
  await db.schema.createIndex('permissions_parent_idx').on('permissions').column('parent_id').execute();

  await db.schema
    .createTable('role_permission')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addUniqueConstraint('role_permission_uq', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('dicts')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .$call(withAudit)
    .execute();

  await db.schema
    .createTable('dict_items')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('dict_id', 'varchar(32)', (c) => c.notNull().references('dicts.id').onDelete('cascade'))
    .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('dict_items_value_uq', ['dict_id', 'item_value'])
    .$call(withAudit)
    .execute();

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .$call(withAudit)
    .execute();

  await db.schema
    .createTable('user_tenant')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addUniqueConstraint('user_tenant_uq', ['user_id', 'tenant_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sms_codes_mobile_idx').on('sms_codes').column('mobile').execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('id', 'varchar(32)', id)
    .addColumn('ticket_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_tickets', 'sms_codes', 'sessions', 'user_tenant', 'tenants', 'dict_items', 'dicts',
    'role_permission', 'permissions', 'user_depart', 'departments', 'user_role', 'roles', 'users', 'app_meta',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
