import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { addDays } from '../../server/reports/fact-store';
import { dayIn } from '../../server/time/shop-time';
import type { DemoServer } from './helpers';

/**
 * The demo shop as before its first 报表日结, for report tests that move orders back to old days and read them
 * live: waits until the start's catch-up (server/reports/rollup-job.ts catchUpAtStart) has stored the tenant
 * through yesterday, then forgets its stored days. A test runs the roll-up itself where it means to.
 */
export async function beforeFirstRollUp(demo: DemoServer, tenantId = 1): Promise<void> {
  const db = demo.app.db;
  const yesterday = addDays(dayIn(new Date(), demo.app.appConfig.shopTimeZone), -1);
  await vi.waitFor(
    async () => {
      const mark = await sql<{ day: string }>`select to_char(rolled_through, 'YYYY-MM-DD') as day from rpt_rollup where tenant_id = ${tenantId}`.execute(db);
      expect(mark.rows[0]?.day).toBe(yesterday);
    },
    { timeout: 60_000, interval: 50 },
  );
  await forgetStoredDays(demo, tenantId);
}

/** Forgets a tenant's stored report days: its reports read live, and the next roll-up stores all its history again. */
export async function forgetStoredDays(demo: DemoServer, tenantId = 1): Promise<void> {
  await demo.app.db.transaction().execute(async (trx) => {
    await sql`delete from rpt_daily_fact where tenant_id = ${tenantId}`.execute(trx);
    await sql`delete from rpt_rollup where tenant_id = ${tenantId}`.execute(trx);
  });
}
