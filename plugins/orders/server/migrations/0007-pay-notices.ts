import { sql, type Kysely } from 'kysely';
import { createEntityTable, JOB_STATUS_NORMAL, newId } from '../../../../server/kit';
import { checkChannelRefunds } from '../jobs';
import { PAY_CHANNEL_DICT, payNoticeEntity } from '../../entities';
import { PAY_CHANNEL_ITEMS, payNoticeDicts } from '../dicts';
import { addDictsToSeededDatabase } from './seeded-dicts';

/**
 * 支付通知 (issue 35): the notifications of the real payment channels, kept with whether they verified and what they
 * did; the channels' dictionary items for a database seeded before them; the refund check job.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, payNoticeEntity);
  await sql`alter table sale_pay_notice alter column amount type numeric(14, 2), alter column received_time set default now(), alter column received_time set not null`.execute(db);
  await db.schema.createIndex('sale_pay_notice_list_idx').on('sale_pay_notice').columns(['tenant_id', 'received_time']).execute();
  await addDictsToSeededDatabase(db, [{ code: PAY_CHANNEL_DICT, name: '支付渠道', items: PAY_CHANNEL_ITEMS }, ...payNoticeDicts]);
  // The refund check runs every minute from the start, on fresh and upgraded databases alike.
  await sql`insert into sys_quartz_job (id, job_class_name, cron_expression, description, status, create_by)
    values (${newId()}, ${checkChannelRefunds.name}, '45 * * * * ?', ${checkChannelRefunds.title}, ${JOB_STATUS_NORMAL}, 'admin')
    on conflict (job_class_name) do nothing`.execute(db);
}
