import { sql, type Kysely } from 'kysely';
import { JOB_STATUS_NORMAL, newId, schedulerDb, type Database } from '../../../server/kit';
import { autoReceiveOrders, closeUnpaidOrders } from './jobs';

/**
 * Demo data of the order domain: the express companies and one freight template in every tenant, and
 * the two timeout jobs (every minute / every hour). Orders themselves are not seeded yet.
 */

const SEEDER = 'admin';

export const DEMO_EXPRESS: ReadonlyArray<[code: string, name: string]> = [
  ['SF', '顺丰速运'],
  ['ZTO', '中通快递'],
  ['YTO', '圆通速递'],
  ['YD', '韵达快递'],
  ['JD', '京东物流'],
  ['EMS', 'EMS'],
];

/** 10 yuan for the first piece, 5 per further piece; free from 99 yuan. */
const DEMO_CHARGES = JSON.stringify([{ areaIds: [], startCount: 1, startPrice: 10, extraCount: 1, extraPrice: 5 }]);
const DEMO_FREES = JSON.stringify([{ areaIds: [], freePrice: 99, freeCount: 0 }]);

export async function seedOrders(db: Kysely<Database>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('id').execute();
  for (const tenantId of [0, ...tenants.map((tenant) => tenant.id).filter((id) => id !== 0)]) {
    const express = DEMO_EXPRESS.map(([code, name], index) => sql`(${newId()}, ${code}, ${name}, ${index + 1}, '1', ${SEEDER}, now(), ${tenantId})`);
    await sql`insert into sale_express (id, code, name, sort, status, create_by, create_time, tenant_id) values ${sql.join(express)}`.execute(db);
    await sql`insert into sale_freight_template (id, name, charge_mode, charges, frees, sort, create_by, create_time, tenant_id)
      values (${newId()}, '全国统一运费', '1', ${DEMO_CHARGES}, ${DEMO_FREES}, 1, ${SEEDER}, now(), ${tenantId})`.execute(db);
  }
  await schedulerDb(db)
    .insertInto('sys_quartz_job')
    .values([
      { id: newId(), job_class_name: closeUnpaidOrders.name, cron_expression: '0 * * * * ?', description: closeUnpaidOrders.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
      { id: newId(), job_class_name: autoReceiveOrders.name, cron_expression: '0 15 * * * ?', description: autoReceiveOrders.title, status: JOB_STATUS_NORMAL, create_by: SEEDER },
    ])
    .onConflict((conflict) => conflict.column('job_class_name').doNothing())
    .execute();
}
