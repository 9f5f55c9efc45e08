import type { Kysely } from 'kysely';
import { newId } from '../../../server/db/ids';
import type { Database } from '../../../server/db/schema';
import { purgeExpiredCredentials, purgeOldLogs } from '../../../server/scheduler/core-jobs';
import { JOB_STATUS_NORMAL, schedulerDb } from '../../../server/scheduler/tables';
import { QUARTZ_RUN_STATUS_DICT, QUARTZ_STATUS_DICT, QUARTZ_TRIGGER_DICT } from '../entities';

const SEEDER = 'admin';

const DICTS: ReadonlyArray<{ code: string; name: string; items: ReadonlyArray<[string, string]> }> = [
  { code: QUARTZ_STATUS_DICT, name: '定时任务状态', items: [['0', '正常'], ['-1', '停止']] },
  { code: QUARTZ_RUN_STATUS_DICT, name: '任务运行结果', items: [['running', '运行中'], ['success', '成功'], ['failure', '失败']] },
  { code: QUARTZ_TRIGGER_DICT, name: '任务触发方式', items: [['schedule', '定时'], ['manual', '手动执行']] },
  { code: 'log_type', name: '日志类型', items: [['1', '登录日志'], ['2', '操作日志']] },
];

/** The scheduler's and the logs' dictionaries, and two real jobs: nightly purges of expired credentials and old logs. */
export async function seedOperations(db: Kysely<Database>): Promise<void> {
  for (const dict of DICTS) {
    const existing = await db.selectFrom('dicts').select('id').where('dict_code', '=', dict.code).executeTakeFirst();
    if (existing !== undefined) continue;
    const dictId = newId();
    await db.insertInto('dicts').values({ id: dictId, dict_code: dict.code, dict_name: dict.name, create_by: SEEDER }).execute();
    await db
      .insertInto('dict_items')
      .values(dict.items.map(([value, text], index) => ({ id: newId(), dict_id: dictId, item_value: value, item_text: text, sort_order: index + 1, create_by: SEEDER })))
      .execute();
  }
  await schedulerDb(db)
    .insertInto('sys_quartz_job')
    .values([
      { id: newId(), job_class_name: purgeExpiredCredentials.name, cron_expression: '0 0 3 * * ?', description: purgeExpiredCredentials.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
      { id: newId(), job_class_name: purgeOldLogs.name, cron_expression: '0 30 3 * * ?', parameter: '90', description: purgeOldLogs.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
    ])
    .onConflict((conflict) => conflict.column('job_class_name').doNothing())
    .execute();
}
