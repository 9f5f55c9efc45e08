import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import type { FactMetric, FactRange, FactRow, FactSource } from '../contracts/report-facts';
import type { Database } from '../db/schema';
import { factDb } from './fact-tables';
import { dayIn } from '../time/shop-time';

/** Days before the first roll-up that a tenant's history is collected from (any shop's data is newer). */
const HISTORY_START = '2000-01-01';
const INSERT_BATCH = 1000;
const DAY_MS = 86_400_000;
/**
 * Sources are asked for at most this many days at once: a year of 200,000 orders is about two million facts,
 * which asked in one go held over a gigabyte of rows in the server's memory (a week at a time: the server's
 * peak while the year is rolled up stays about 180 MB above its resting size, measured by `npm run bench:lists`).
 */
export const FACT_WINDOW_DAYS = 7;
/** What one step of a roll-up may take, and the most days it stores at once (see rollInSteps). */
const ROLL_STEP_TARGET_MS = 200;
const ROLL_STEP_MAX_DAYS = FACT_WINDOW_DAYS * 16;
/** First key of the roll-up's advisory lock (the second is the tenant): an arbitrary number no other lock uses. */
const ROLLUP_LOCK = 7_301;

export interface FactQuery {
  tenantId: number;
  /** First day, inclusive ('YYYY-MM-DD' in the shop's zone). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** One summed figure: per day (`day`), per dimension (`dim`), or over the range (neither). */
export interface FactValue {
  metric: string;
  day?: string;
  dim?: string;
  /** Exact decimal as text, e.g. '1234.50' or '12'. */
  value: string;
}

export type FactGrouping = 'total' | 'day' | 'dim';

/** 'YYYY-MM-DD' plus n days (n may be negative); calendar arithmetic on the date alone. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` ('YYYY-MM-DD'; to − from, so a single day is 0). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** [from, to] cut into consecutive ranges of at most `days` days. */
export function windowsOf(from: string, to: string, days: number): Array<{ from: string; to: string }> {
  const windows: Array<{ from: string; to: string }> = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    windows.push({ from: start, to: end < to ? end : to });
  }
  return windows;
}

/** Every day of [from, to], inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

type FactKey = Omit<FactValue, 'value'>;

const keyOf = (value: FactKey): string => `${value.metric}\u0000${value.day ?? ''}\u0000${value.dim ?? ''}`;

/**
 * The reports' daily roll-up. Days up to a tenant's `rolled_through` are read from `rpt_daily_fact`; later
 * days (today, and any day the job has not reached yet) are asked of the sources live, so a report is
 * right from the first start and the job only makes it fast. The job re-rolls the last days it stored
 * (`rerollDays`) so facts that reach a day late (an order committed just after midnight) are kept.
 */
/** How many stored-part distinct counts are kept (one per tenant, metric and range asked since the last roll-up). */
const DISTINCT_CACHE_ENTRIES = 256;

export class FactStore {
  private readonly metrics = new Map<string, { metric: FactMetric; source: FactSource }>();
  /**
   * Distinct things of the stored days of a range, by tenant, metric, range and roll-up version: stored facts change
   * only when a roll-up writes them (which moves the version), so a year of buyers is counted once, not per request.
   */
  private readonly storedDistinct = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sources: readonly FactSource[],
    readonly timeZone: string,
    private readonly rerollDays: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    const names = new Set<string>();
    for (const source of sources) {
      if (names.has(source.name)) throw new Error(`Fact source "${source.name}" is declared twice`);
      names.add(source.name);
      for (const metric of source.metrics) {
        if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(metric.name) || metric.name.length > 64) throw new Error(`Fact metric "${metric.name}" must be <area>.<figure>`);
        const owner = this.metrics.get(metric.name);
        if (owner !== undefined) throw new Error(`Fact metric "${metric.name}" is filled by both "${owner.source.name}" and "${source.name}"`);
        this.metrics.set(metric.name, { metric, source });
      }
    }
  }

  /** The metrics of this build (a report asks only for these; an absent domain's metrics read as zero). */
  known(name: string): FactMetric | undefined {
    return this.metrics.get(name)?.metric;
  }

  today(): string {
    return dayIn(this.now(), this.timeZone);
  }

  async rolledThrough(tenantId: number, db: Kysely<Database> = this.db): Promise<string | null> {
    return (await this.rollupMark(tenantId, db)).through;
  }

  /** The last stored day and the version of the stored facts (moved by every roll-up that writes them). */
  private async rollupMark(tenantId: number, db: Kysely<Database>): Promise<{ through: string | null; version: string }> {
    const row = await factDb(db)
      .selectFrom('rpt_rollup')
      .select([sql<string>`to_char(rolled_through, 'YYYY-MM-DD')`.as('day'), sql<string>`(extract(epoch from update_time) * 1000000)::bigint::text`.as('version')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return { through: row?.day ?? null, version: row?.version ?? '' };
  }

  /**
   * Stores the facts of every day through yesterday that is not stored yet, and re-rolls the last
   * `rerollDays` stored ones. Idempotent: a second run stores the same rows. Returns what it did.
   */
  async catchUp(tenantId: number): Promise<{ from: string; to: string; rows: number } | null> {
    const yesterday = addDays(this.today(), -1);
    const through = await this.rolledThrough(tenantId);
    const from = through === null ? HISTORY_START : addDays(through < yesterday ? through : yesterday, 1 - this.rerollDays);
    if (from > yesterday) return null;
    const rows = await this.rollInSteps(tenantId, from, yesterday);
    return { from, to: yesterday, rows };
  }

  /** Re-stores the facts of stored days [from, to] (e.g. after a correction of old data). */
  async rebuild(tenantId: number, from: string, to: string): Promise<number> {
    const through = await this.rolledThrough(tenantId);
    if (through === null) return (await this.catchUp(tenantId))?.rows ?? 0;
    const last = to < through ? to : through;
    return from > last ? 0 : this.rollInSteps(tenantId, from, last);
  }

  /**
   * Re-stores every stored day of a tenant, or stores its whole history if it has none yet: for writers that put
   * facts on past days (the demo shop's orders, placed now and dated back).
   */
  async rebuildAll(tenantId: number): Promise<number> {
    return this.rebuild(tenantId, HISTORY_START, this.today());
  }

  /** The tenants whose facts the job rolls up. */
  async tenantIds(): Promise<number[]> {
    return (await this.db.selectFrom('tenants').select('id').orderBy('id').execute()).map((row) => row.id);
  }

  /**
   * [from, to] stored a step of days per transaction, oldest first, each moving the mark: on the embedded
   * database a transaction holds the one connection, so a year rolled in one would keep every request waiting
   * (the year of 200,000 orders took about a minute), while a step is a fraction of a second and requests are
   * answered between steps. A step starts at a week and doubles while it takes under half of ROLL_STEP_TARGET_MS
   * (a quiet shop's year in a handful of steps), halving when it takes over twice that (a busy shop's weeks).
   * The mark only ever says "stored through here", so a report is exact meanwhile.
   */
  private async rollInSteps(tenantId: number, from: string, to: string): Promise<number> {
    // Nothing before the earliest first day of the sources is asked for (a first roll-up claims all history).
    const firsts = await Promise.all(this.sources.map((source) => (source.firstDay === undefined ? from : source.firstDay(this.db, tenantId, this.timeZone))));
    const known = firsts.filter((day): day is string => day !== null);
    const earliest = known.length === 0 ? to : known.reduce((a, b) => (a < b ? a : b));
    let days = FACT_WINDOW_DAYS;
    let count = 0;
    const firstStep = earliest > from ? earliest : from;
    for (let start = firstStep; start <= to; ) {
      const end = addDays(start, days - 1) < to ? addDays(start, days - 1) : to;
      const began = performance.now();
      // The first step claims the days before it too (they hold no facts, or are re-stored as asked).
      count += await this.roll(tenantId, start === firstStep ? from : start, end);
      const took = performance.now() - began;
      if (took < ROLL_STEP_TARGET_MS / 2) days = Math.min(days * 2, ROLL_STEP_MAX_DAYS);
      else if (took > ROLL_STEP_TARGET_MS * 2) days = Math.max(days / 2, FACT_WINDOW_DAYS);
      start = addDays(end, 1);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return count;
  }

  private async roll(tenantId: number, from: string, to: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // One roll-up of a tenant at a time (the start's catch-up, the nightly job, a demo fill's rebuild): a second
      // waits, then deletes and stores the same days again, rather than both inserting one day's rows.
      await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, ${tenantId})`.execute(trx);
      const range: FactRange = { tenantId, from, to, timeZone: this.timeZone };
      let count = 0;
      for (const source of this.sources) {
        const names = source.metrics.map((metric) => metric.name);
        await factDb(trx).deleteFrom('rpt_daily_fact').where('tenant_id', '=', tenantId).where('metric', 'in', names).where('day', '>=', from).where('day', '<=', to).execute();
        // A long range (the first roll-up stores all history) is asked for a window at a time, from the source's first day.
        const first = await this.firstAsked(trx, source, tenantId, from, to);
        if (first === null) continue;
        for (const window of windowsOf(first, to, FACT_WINDOW_DAYS)) {
          const rows = this.owned(source, await source.collect(trx, { ...range, ...window }));
          for (let start = 0; start < rows.length; start += INSERT_BATCH) {
            const batch = rows.slice(start, start + INSERT_BATCH).map((row) => ({ tenant_id: tenantId, day: row.day, metric: row.metric, dim: row.dim, value: row.value }));
            await factDb(trx).insertInto('rpt_daily_fact').values(batch).execute();
          }
          count += rows.length;
        }
      }
      const through = await factDb(trx).selectFrom('rpt_rollup').select(sql<string>`to_char(rolled_through, 'YYYY-MM-DD')`.as('day')).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst();
      if (through === undefined) {
        // The first roll-up covers the whole history; a later one only ever moves the mark forward.
        await factDb(trx).insertInto('rpt_rollup').values({ tenant_id: tenantId, rolled_through: to }).execute();
      } else {
        // Every roll-up that writes facts moves the version (cached distinct counts of stored days are read anew);
        // the mark itself only ever moves forward.
        const forward = to > through.day && from <= addDays(through.day, 1);
        await factDb(trx)
          .updateTable('rpt_rollup')
          .set(forward ? { rolled_through: to, update_time: sql<Date>`clock_timestamp()` } : { update_time: sql<Date>`clock_timestamp()` })
          .where('tenant_id', '=', tenantId)
          .execute();
      }
      return count;
    });
  }

  /**
   * The first day of [from, to] worth asking a source for: a range of a week or more starts at the source's first day
   * (null: it has no facts yet), a shorter one is asked whole.
   */
  private async firstAsked(db: Kysely<Database>, source: FactSource, tenantId: number, from: string, to: string): Promise<string | null> {
    if (daysBetween(from, to) < FACT_WINDOW_DAYS || source.firstDay === undefined) return from;
    const first = await source.firstDay(db, tenantId, this.timeZone);
    return first === null ? null : first > from ? first : from;
  }

  /** A source's rows, checked: only its own metrics, days as 'YYYY-MM-DD', dims within 64 characters. */
  private owned(source: FactSource, rows: FactRow[]): FactRow[] {
    for (const row of rows) {
      if (this.metrics.get(row.metric)?.source !== source) throw new Error(`Fact source "${source.name}" returned metric "${row.metric}" it does not declare`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(row.day) || row.dim.length > 64) throw new Error(`Fact source "${source.name}" returned a malformed row (${row.day}, ${row.dim.slice(0, 70)})`);
    }
    return rows;
  }

  /** The stored part [from, through] and the live part (through, to] of a query. */
  private split(query: FactQuery, through: string | null): { stored: FactQuery | null; live: FactQuery | null } {
    const storedTo = through === null ? null : query.to < through ? query.to : through;
    const stored = storedTo !== null && query.from <= storedTo ? { ...query, to: storedTo } : null;
    const liveFrom = through === null ? query.from : addDays(through, 1) > query.from ? addDays(through, 1) : query.from;
    const live = liveFrom <= query.to ? { ...query, from: liveFrom } : null;
    return { stored, live };
  }

  /**
   * Hands every live fact of the metrics to `visit`, a window of days at a time (never all of a long range at once).
   * A long live range (a tenant not rolled up yet) starts at the source's first day: a new shop's year is asked
   * for its few days, not for 53 empty weeks.
   */
  private async eachLiveRow(trx: Kysely<Database>, query: FactQuery, metrics: readonly string[], visit: (row: FactRow) => void): Promise<void> {
    const wanted = new Set(metrics);
    const sources = new Set([...wanted].flatMap((name) => this.metrics.get(name)?.source ?? []));
    for (const source of sources) {
      const first = await this.firstAsked(trx, source, query.tenantId, query.from, query.to);
      if (first === null) continue;
      for (const window of windowsOf(first, query.to, FACT_WINDOW_DAYS)) {
        const range: FactRange = { tenantId: query.tenantId, ...window, timeZone: this.timeZone, metrics: wanted };
        for (const row of this.owned(source, await source.collect(trx, range))) if (wanted.has(row.metric)) visit(row);
      }
    }
  }

  /** Distinct things of the stored days of a range, counted once per roll-up version (see storedDistinct). */
  private async storedDistinctCount(trx: Kysely<Database>, stored: FactQuery, metric: string, version: string): Promise<number> {
    const key = [stored.tenantId, metric, stored.from, stored.to, version].join('|');
    const kept = this.storedDistinct.get(key);
    if (kept !== undefined) return kept;
    // Grouped rather than count(distinct): a hash aggregate instead of a sort of every row.
    const found = await sql<{ count: string }>`select count(*) as count from (select dim from rpt_daily_fact
        where tenant_id = ${stored.tenantId} and metric = ${metric} and day >= ${stored.from} and day <= ${stored.to} group by dim) as things`.execute(trx);
    const count = Number(found.rows[0]?.count ?? 0);
    if (this.storedDistinct.size >= DISTINCT_CACHE_ENTRIES) this.storedDistinct.delete(this.storedDistinct.keys().next().value ?? '');
    this.storedDistinct.set(key, count);
    return count;
  }

  /** Reads in one snapshot, so a roll-up committing meanwhile is seen whole or not at all. */
  private snapshot<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').execute(work);
  }

  /**
   * Sums of `sum` metrics over the range: per day, per dimension, or in all. Metrics no source of this
   * build fills read as nothing (no rows). Values are exact decimals as text.
   */
  async sum(query: FactQuery, metrics: readonly string[], by: FactGrouping, dims?: readonly string[]): Promise<FactValue[]> {
    if (metrics.length === 0 || query.from > query.to) return [];
    return this.snapshot(async (trx) => {
      const { stored, live } = this.split(query, await this.rolledThrough(query.tenantId, trx));
      const totals = new Map<string, { value: FactKey; sum: Decimal }>();
      const add = (value: FactKey, amount: Decimal.Value): void => {
        const key = keyOf(value);
        const found = totals.get(key);
        if (found === undefined) totals.set(key, { value, sum: new Decimal(amount) });
        else found.sum = found.sum.plus(amount);
      };
      const shape = (metric: string, day: string, dim: string): FactKey => (by === 'day' ? { metric, day } : by === 'dim' ? { metric, dim } : { metric });
      if (stored !== null) {
        let select = factDb(trx)
          .selectFrom('rpt_daily_fact')
          .select(['metric', sql<string>`sum(value)::text`.as('total')])
          .where('tenant_id', '=', stored.tenantId)
          .where('metric', 'in', metrics)
          .where('day', '>=', stored.from)
          .where('day', '<=', stored.to)
          .groupBy('metric');
        if (dims !== undefined) select = select.where('dim', 'in', dims.length > 0 ? dims : ['\u0001']);
        if (by === 'day') select = select.select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')).groupBy('day');
        if (by === 'dim') select = select.select('dim').groupBy('dim');
        for (const row of (await select.execute()) as Array<{ metric: string; total: string; day?: string; dim?: string }>) add(shape(row.metric, row.day ?? '', row.dim ?? ''), row.total);
      }
      if (live !== null) {
        const dimSet = dims === undefined ? null : new Set(dims);
        await this.eachLiveRow(trx, live, metrics, (row) => {
          if (dimSet === null || dimSet.has(row.dim)) add(shape(row.metric, row.day, row.dim), row.value);
        });
      }
      return [...totals.values()].map(({ value, sum }) => ({ ...value, value: sum.toFixed(this.metrics.get(value.metric)?.metric.money === true ? 2 : 0) }));
    });
  }

  /** Distinct things (members, ips) of a `distinct` metric: over the range, or per day. */
  async distinct(query: FactQuery, metric: string, by: 'total' | 'day'): Promise<Array<{ day?: string; count: number }>> {
    if (query.from > query.to) return by === 'total' ? [{ count: 0 }] : [];
    return this.snapshot(async (trx) => {
      const { through, version } = await this.rollupMark(query.tenantId, trx);
      const { stored, live } = this.split(query, through);
      // The things of each live day (a day's distinct members, not every fact row of the range at once).
      const liveDays = new Map<string, Set<string>>();
      if (live !== null) await this.eachLiveRow(trx, live, [metric], (row) => liveDays.set(row.day, (liveDays.get(row.day) ?? new Set()).add(row.dim)));
      if (by === 'day') {
        const perDay = new Map<string, number>();
        if (stored !== null) {
          const rows = await factDb(trx)
            .selectFrom('rpt_daily_fact')
            .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('count')])
            .where('tenant_id', '=', stored.tenantId)
            .where('metric', '=', metric)
            .where('day', '>=', stored.from)
            .where('day', '<=', stored.to)
            .groupBy('day')
            .execute();
          for (const row of rows) perDay.set(row.day, Number(row.count));
        }
        for (const [day, things] of liveDays) perDay.set(day, things.size);
        return [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
      }
      const liveThings = [...new Set([...liveDays.values()].flatMap((things) => [...things]))];
      if (stored === null) return [{ count: liveThings.length }];
      const storedCount = await this.storedDistinctCount(trx, stored, metric, version);
      if (liveThings.length === 0) return [{ count: storedCount }];
      // Things seen on a live day and on a stored one are counted once: which of today's few were seen before is
      // looked up by thing (rpt_daily_fact_dim_idx), not by reading every stored day again.
      const seen = await sql<{ count: string }>`select count(*) as count from (select dim from rpt_daily_fact
          where tenant_id = ${stored.tenantId} and metric = ${metric} and dim = any(${liveThings}::varchar[]) and day >= ${stored.from} and day <= ${stored.to} group by dim) as things`.execute(trx);
      return [{ count: storedCount + liveThings.length - Number(seen.rows[0]?.count ?? 0) }];
    });
  }
}
