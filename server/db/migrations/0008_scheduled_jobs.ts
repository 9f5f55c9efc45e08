import { sql, type Kysely } from 'kysely';

/**
 * Scheduled jobs (定时任务): the job definitions, one claim row per firing (so several instances on
 * one PostgreSQL run each firing exactly once) and the run log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_quartz_job')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_class_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('cron_expression', 'varchar(100)', (c) => c.notNull())
    .addColumn('parameter', 'varchar(1000)')
    .addColumn('description', 'varchar(255)')
    // 0 正常 (scheduled), -1 停止 (paused)
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(-1))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_quartz_job_fire')
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('fire_time', 'timestamptz', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_quartz_job_fire_pk', ['job_id', 'fire_time'])
    .execute();

  await db.schema
    .createTable('sys_quartz_job_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('job_class_name', 'varchar(100)', (c) => c.notNull())
    // 'manual' (执行一次) or 'schedule'
    .addColumn('trigger_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('fire_time', 'timestamptz')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    // running, success, failure
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(2000)')
    .addColumn('duration_ms', 'integer')
    .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
    // Audit columns as on every entity table (the run log is listed by the entity engine).
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_quartz_job_log_job_time').on('sys_quartz_job_log').columns(['job_id', 'start_time desc']).execute();
  await db.schema.createIndex('sys_quartz_job_log_time').on('sys_quartz_job_log').column('start_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_quartz_job_log').ifExists().execute();
  await db.schema.dropTable('sys_quartz_job_fire').ifExists().execute();
  await db.schema.dropTable('sys_quartz_job').ifExists().execute();
}
