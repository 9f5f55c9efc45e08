import type { JobKind } from '../scheduler/job-kinds';
import type { FactStore } from './fact-store';

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
