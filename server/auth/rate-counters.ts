import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** rate_counters as created by migration 0016. */
export interface RateCountersTable {
  key: string;
  count: number;
  expires_at: ColumnType<Date, Date, Date>;
}

type RateTables = { rate_counters: RateCountersTable };

// Expired rows already count as none; deleting them is only housekeeping, so once a minute per instance is plenty.
const PRUNE_EVERY_MS = 60_000;

/**
 * Windowed counters in the database, so every instance on one PostgreSQL sees the same counts.
 * Each change is one statement (INSERT … ON CONFLICT … DO UPDATE), so concurrent requests on any
 * instance never lose a count. Times come from the caller's clock (tests move it).
 */
export class RateCounters {
  private readonly db: Kysely<Database & RateTables>;
  private lastPrune = 0;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.db = db.withTables<RateTables>();
  }

  /** An unambiguous key (JSON also escapes what a text column refuses, such as NUL). */
  static key(...parts: string[]): string {
    return JSON.stringify(parts);
  }

  /** The live count of each key (0 when absent or its window is over). */
  async counts(keys: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>(keys.map((key) => [key, 0]));
    if (keys.length === 0) return found;
    const rows = await this.db
      .selectFrom('rate_counters')
      .select(['key', 'count'])
      .where('key', 'in', [...keys])
      .where('expires_at', '>', new Date(this.now()))
      .execute();
    for (const row of rows) found.set(row.key, row.count);
    return found;
  }

  /** Adds one to each key; a key whose window is over starts a new one of `windowMs` at 1. */
  async bump(keys: readonly string[], windowMs: number): Promise<void> {
    if (keys.length === 0) return;
    const now = new Date(this.now());
    await this.pruneSometimes(now);
    const expires = new Date(now.getTime() + windowMs);
    await this.db
      .insertInto('rate_counters')
      .values([...new Set(keys)].map((key) => ({ key, count: 1, expires_at: expires })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_counters.expires_at <= ${now} then 1 else rate_counters.count + 1 end`,
          expires_at: sql<Date>`case when rate_counters.expires_at <= ${now} then excluded.expires_at else rate_counters.expires_at end`,
        }),
      )
      .execute();
  }

  /**
   * Starts a window of `windowMs` for the key and returns true, or returns false while its current
   * window lasts. Of two concurrent calls exactly one gets true (the second sees the first's row).
   */
  async takeIfIdle(key: string, windowMs: number): Promise<boolean> {
    const now = new Date(this.now());
    await this.pruneSometimes(now);
    const taken = await this.db
      .insertInto('rate_counters')
      .values({ key, count: 1, expires_at: new Date(now.getTime() + windowMs) })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ count: 1, expires_at: (eb) => eb.ref('excluded.expires_at') })
          .where('rate_counters.expires_at', '<=', now),
      )
      .returning('key')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  private async pruneSometimes(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db.deleteFrom('rate_counters').where('expires_at', '<=', now).execute();
  }
}
