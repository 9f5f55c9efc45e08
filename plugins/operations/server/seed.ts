import type { Kysely } from 'kysely';
import { JOB_STATUS_NORMAL, newId, purgeExpiredCredentials, purgeOldLogs, schedulerDb, type Database } from '../../../server/kit';

const SEEDER = 'admin';

/**
 * Three real jobs: the reports' daily roll-up (00:10), nightly purges of expired credentials (03:00) and
 * of logs older than 90 days (03:30).
 */
export async function seedOperations(db: Kysely<Database>): Promise<void> {
  await schedulerDb(db)
    .insertInto('sys_quartz_job')
    .values([
      { id: newId(), job_class_name: 'report.rollUp', cron_expression: '0 10 0 * * ?', description: '报表日结：汇总截至昨日的每日经营数据', status: JOB_STATUS_NORMAL, create_by: SEEDER },
      { id: newId(), job_class_name: purgeExpiredCredentials.name, cron_expression: '0 0 3 * * ?', description: purgeExpiredCredentials.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
      { id: newId(), job_class_name: purgeOldLogs.name, cron_expression: '0 30 3 * * ?', parameter: '90', description: purgeOldLogs.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
    ])
    .onConflict((conflict) => conflict.column('job_class_name').doNothing())
    .execute();
}
