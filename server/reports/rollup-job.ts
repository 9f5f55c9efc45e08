import type { JobKind } from '../scheduler/job-kinds';
import { addDays, type FactStore } from './fact-store';

/**
 * 报表日结: stores every tenant's facts through yesterday (and re-rolls the last stored days, so late
 * facts are kept). Reports are right without it (unrolled days are computed live); it makes them fast.
 */
export function rollUpReportsJob(store: FactStore): JobKind {
  return {
    name: 'report.rollUp',
    title: '报表日结：汇总截至昨日的每日经营数据',
    run: async () => {
      const done: string[] = [];
      for (const tenantId of await store.tenantIds()) {
        const result = await store.catchUp(tenantId);
        done.push(result === null ? `tenant ${tenantId}: up to date` : `tenant ${tenantId}: ${result.from}..${result.to}, ${result.rows} rows`);
      }
      return done.join('; ');
    },
  };
}

/** The start's catch-up log line begins so once it is done (the bench waits for it). */
export const MSG_CAUGHT_UP = '报表日结 at start: stored';

/**
 * At start, the days the 报表日结 has not stored yet (all of history for a shop never rolled up, or the days
 * missed while the server was down) are stored in the background, so from the first start a report reads
 * stored days and asks only today of the sources live. Returns what to await before closing.
 */
export function catchUpAtStart(store: FactStore, log: { info(message: string): void; error(message: string): void }): Promise<void> {
  return (async () => {
    const started = performance.now();
    const yesterday = addDays(store.today(), -1);
    let tenants = 0;
    let rows = 0;
    for (const tenantId of await store.tenantIds()) {
      const through = await store.rolledThrough(tenantId);
      if (through !== null && through >= yesterday) continue;
      rows += (await store.catchUp(tenantId))?.rows ?? 0;
      tenants += 1;
    }
    log.info(`${MSG_CAUGHT_UP} through ${yesterday}: ${tenants} tenants, ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  })().catch((error: unknown) => log.error(`报表日结 at start failed: ${error instanceof Error ? error.message : String(error)}`));
}
