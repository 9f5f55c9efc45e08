import { sql, type Kysely } from 'kysely';
import { newId } from '../../../../server/kit';

/**
 * 物流跟踪 (server/express-tracking): one track per order shipped by express, and the events its carrier reported.
 *
 * - `sale_express_track`: the waybill as the tracking service knows it (`com` is the service's company code), where its
 *   subscription stands (subscribe_state 0 未订阅, 1 已订阅, 2 订阅失败, with the last refusal, the attempts made and when the
 *   next one is due), the carrier's last state (kuaidi100's state code: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件 …) and
 *   when it was signed for. One per order and tenant; the push looks tracks up by waybill number.
 * - `sale_express_track_event`: what the carrier said and when. Unique per track, time and text, so a push sent again
 *   (kuaidi100 always sends the whole history) adds nothing.
 * - The subscribing job (jobs.ts `orders.expressTrack`), every minute: a fresh database gets it here too, since the
 *   plugin's demo seed ran before this migration existed on older ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sale_express_track')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('express_id', 'varchar(32)')
    .addColumn('com', 'varchar(64)', (c) => c.notNull())
    .addColumn('logistics_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('subscribe_state', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('subscribe_reason', 'varchar(255)')
    .addColumn('subscribe_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_time', 'timestamptz')
    .addColumn('subscribe_time', 'timestamptz')
    .addColumn('last_state', 'varchar(8)')
    .addColumn('signed_time', 'timestamptz')
    // Set once, when the signed-for track completed the order (ORDER_RECEIVE_ON_SIGNED): never twice.
    .addColumn('received_time', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sale_express_track_order_uq', ['tenant_id', 'order_id'])
    .execute();
  await sql`alter table sale_express_track add constraint sale_express_track_ck check (subscribe_state in ('0', '1', '2') and subscribe_attempts >= 0)`.execute(db);
  await db.schema.createIndex('sale_express_track_no_idx').on('sale_express_track').columns(['logistics_no']).execute();
  await sql`create index sale_express_track_due_idx on sale_express_track (next_attempt_time) where subscribe_state <> '1'`.execute(db);

  await db.schema
    .createTable('sale_express_track_event')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('track_id', 'varchar(32)', (c) => c.notNull().references('sale_express_track.id').onDelete('cascade'))
    .addColumn('event_time', 'timestamptz', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(255)')
    .addColumn('status', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // md5: the carrier's text may be long, an index entry may not.
  await sql`create unique index sale_express_track_event_uq on sale_express_track_event (track_id, event_time, md5(context))`.execute(db);

  await sql`insert into sys_quartz_job (id, job_class_name, cron_expression, description, status, create_by)
    values (${newId()}, 'orders.expressTrack', '30 * * * * ?', '物流跟踪：订阅已发货订单的运单（失败按间隔重试）', 0, 'admin')
    on conflict (job_class_name) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_quartz_job where job_class_name = 'orders.expressTrack'`.execute(db);
  await sql`drop table if exists sale_express_track_event`.execute(db);
  await sql`drop table if exists sale_express_track`.execute(db);
}
