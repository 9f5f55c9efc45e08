import { sql, type Kysely } from 'kysely';
import { JOB_STATUS_NORMAL, newId } from '../../../../server/kit';
import { uploadWechatShipping } from '../jobs';
import { wxShippingDict } from '../dicts';
import { addDictsToSeededDatabase } from './seeded-dicts';

/**
 * 微信发货信息录入 (issue 35): an order paid through WeChat Pay keeps whether its shipment was recorded with WeChat, why
 * not, and when the job tries again. `if not exists`: 0001 builds sale_order from the entity as it is now, so a fresh
 * database already has the two entity columns; the attempt count and next time are the job's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sale_order add column if not exists wx_shipping_status varchar(2), add column if not exists wx_shipping_error varchar(255),
    add column if not exists wx_shipping_attempts integer not null default 0, add column if not exists wx_shipping_next_at timestamptz`.execute(db);
  await sql`create index if not exists sale_order_wx_shipping_due_idx on sale_order (wx_shipping_next_at) where wx_shipping_status <> '10'`.execute(db);
  await addDictsToSeededDatabase(db, [wxShippingDict]);
  await sql`insert into sys_quartz_job (id, job_class_name, cron_expression, description, status, create_by)
    values (${newId()}, ${uploadWechatShipping.name}, '15 * * * * ?', ${uploadWechatShipping.title}, ${JOB_STATUS_NORMAL}, 'admin')
    on conflict (job_class_name) do nothing`.execute(db);
}
