import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 表单开发's tables: the definitions (JeecgBoot's onl_cgform_head / field / index), the JavaScript enhancement with
 * its history (one row per save), and the log of every synchronisation. Definitions are the system's, not a
 * tenant's (a form's real table is one for all tenants; its rows carry tenant_id when the form is tenant-scoped).
 */
export const cgformMigrations: Record<string, Migration> = {
  '0002_cgform_builder': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('onl_cgform_head')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('table_txt', 'varchar(200)', (c) => c.notNull())
        .addColumn('table_type', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('sub_table_str', 'varchar(1000)')
        .addColumn('relation_type', 'smallint')
        .addColumn('tab_order_num', 'integer')
        .addColumn('is_db_synch', 'char(1)', (c) => c.notNull().defaultTo('N'))
        .addColumn('is_tenant', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('synced_definition', 'jsonb')
        .addColumn('synced_time', 'timestamptz')
        .addColumn('sync_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_by', 'varchar(50)')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('update_by', 'varchar(50)')
        .addColumn('update_time', 'timestamptz')
        .execute();
      await db.schema.createIndex('onl_cgform_head_create_idx').on('onl_cgform_head').columns(['create_time', 'id']).execute();

      await db.schema
        .createTable('onl_cgform_field')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
        .addColumn('db_field_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('db_field_txt', 'varchar(200)', (c) => c.notNull())
        .addColumn('db_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('db_length', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('db_point_length', 'integer')
        .addColumn('db_default_val', 'varchar(200)')
        .addColumn('db_is_null', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('db_is_key', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_show_form', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('is_show_list', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('is_query', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('query_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
        .addColumn('field_show_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
        .addColumn('dict_field', 'varchar(100)')
        .addColumn('dict_table', 'varchar(100)')
        .addColumn('dict_text', 'varchar(100)')
        .addColumn('field_valid_type', 'varchar(300)')
        .addColumn('main_table', 'varchar(64)')
        .addColumn('main_field', 'varchar(64)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('onl_cgform_field_uq', ['cgform_head_id', 'db_field_name'])
        .execute();

      await db.schema
        .createTable('onl_cgform_index')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
        .addColumn('index_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('index_field', 'varchar(500)', (c) => c.notNull())
        .addColumn('index_type', 'varchar(10)', (c) => c.notNull().defaultTo('normal'))
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('onl_cgform_index_uq', ['cgform_head_id', 'index_name'])
        .execute();

      await db.schema
        .createTable('onl_cgform_enhance_js')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
        .addColumn('cg_js_type', 'varchar(10)', (c) => c.notNull())
        .addColumn('cg_js', 'text', (c) => c.notNull())
        .addColumn('create_by', 'varchar(50)')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('seq', 'bigserial', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('onl_cgform_enhance_js_head_idx').on('onl_cgform_enhance_js').columns(['cgform_head_id', 'cg_js_type', 'seq']).execute();

      await db.schema
        .createTable('onl_cgform_sync_log')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
        .addColumn('method', 'varchar(10)', (c) => c.notNull())
        .addColumn('statements', 'jsonb', (c) => c.notNull())
        .addColumn('refused', 'jsonb', (c) => c.notNull())
        .addColumn('create_by', 'varchar(50)')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('seq', 'bigserial', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('onl_cgform_sync_log_head_idx').on('onl_cgform_sync_log').columns(['cgform_head_id', 'seq']).execute();
    },
  },
  // Tree tables (JeecgBoot's isTree and its column names) and a main table's list variant (themeTemplate).
  '0003_cgform_tree': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .alterTable('onl_cgform_head')
        .addColumn('is_tree', 'char(1)', (c) => c.notNull().defaultTo('N'))
        .addColumn('tree_parent_id_field', 'varchar(64)')
        .addColumn('tree_id_field', 'varchar(64)')
        .addColumn('tree_fieldname', 'varchar(64)')
        .addColumn('theme_template', 'varchar(20)', (c) => c.notNull().defaultTo('normal'))
        .execute();
    },
  },
};
