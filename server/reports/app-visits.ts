import type { Kysely } from 'kysely';
import { METRICS, type FactSource } from '../contracts/report-facts';
import type { Database } from '../db/schema';
import { dayIn } from '../time/shop-time';
import { factDb } from './fact-tables';

/** At most this many (tenant, day, ip) keys are remembered before the memory starts afresh. */
const MEMORY_LIMIT = 50_000;

/**
 * 访客 (docs/reference/business-domains.md §6: "distinct IPs of member API access"): the first member request of an ip on a
 * day writes one `app_visit` row, after the response and off its path; later ones are answered from memory.
 */
export class VisitRecorder {
  private seen = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(tenantId: number, ip: string): void {
    const day = dayIn(this.now(), this.timeZone);
    const key = `${tenantId}|${day}|${ip}`;
    if (this.seen.has(key)) return;
    if (this.seen.size >= MEMORY_LIMIT) this.seen = new Set();
    this.seen.add(key);
    void factDb(this.db)
      .insertInto('app_visit')
      .values({ tenant_id: tenantId, day, ip: ip.slice(0, 64) })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
      .catch((error: unknown) => {
        this.seen.delete(key);
        this.onError(error);
      });
  }
}

/** The visitors per day as a distinct fact (dim = ip). */
export const visitFacts: FactSource = {
  name: 'core.visits',
  metrics: [{ name: METRICS.visitor, kind: 'distinct', title: '访客数（会员端接口的不同 IP）' }],
  firstDay: async (db, tenantId) => {
    const found = await factDb(db)
      .selectFrom('app_visit')
      .select((eb) => eb.fn<string | null>('to_char', [eb.fn.min('day'), eb.val('YYYY-MM-DD')]).as('day'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return found?.day ?? null;
  },
  collect: async (db, range) => {
    const rows = await factDb(db)
      .selectFrom('app_visit')
      .select(['ip'])
      .select((eb) => eb.fn<string>('to_char', [eb.ref('day'), eb.val('YYYY-MM-DD')]).as('day'))
      .where('tenant_id', '=', range.tenantId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute();
    return rows.map((row) => ({ day: row.day, metric: METRICS.visitor, dim: row.ip, value: '1' }));
  },
};
