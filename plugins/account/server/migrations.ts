import { sql, type Kysely, type Migration } from 'kysely';

/**
 * sys_user_pref: one row per user (the notification switches of 个人设置). A user's own preferences
 * follow them into every tenant they work in, so the table is keyed by the user and has no tenant_id.
 */
export const accountMigrations: Record<string, Migration> = {
  '0001_user_pref': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('sys_user_pref')
        .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('notify_system', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('notify_notice', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    down: async (db: Kysely<unknown>) => {
      await db.schema.dropTable('sys_user_pref').execute();
    },
  },
};
