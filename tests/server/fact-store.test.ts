/**
 * The reports' daily roll-up (server/reports/fact-store.ts) over a source of this test: a range reads
 * stored days plus live ones and gives the same figures before and after the job; the job is idempotent,
 * re-rolls late facts within its window, and counts distinct things once across stored and live days.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FactSource } from '../../server/contracts/report-facts';
import { dayOf, withinDays } from '../../server/contracts/report-facts';
import type { Database } from '../../server/db/schema';
import { addDays, daysOf, FACT_WINDOW_DAYS, FactStore, windowsOf } from '../../server/reports/fact-store';
import { dayIn } from '../../server/time/shop-time';
import { catchUpAtStart } from '../../server/reports/rollup-job';
import { useDemoServer } from './helpers';

const demo = useDemoServer();
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const SALES = `test_sale_${RUN}`;
const TENANT = 9000 + Math.floor(Math.random() * 900);
const ZONE = 'Asia/Shanghai';
const METRIC_AMOUNT = `test${RUN}.amount`;
const METRIC_BUYER = `test${RUN}.buyer`;

const source: FactSource = {
  name: `test.${RUN}`,
  metrics: [
    { name: METRIC_AMOUNT, kind: 'sum', money: true, title: 'amount' },
    { name: METRIC_BUYER, kind: 'distinct', title: 'buyers' },
  ],
  firstDay: async (db, tenantId, timeZone) => {
    const found = await sql<{ day: string | null }>`select ${dayOf('first', timeZone)} as day from (select min(paid_at) as first from ${sql.table(SALES)} where tenant_id = ${tenantId}) as sales`.execute(db);
    return found.rows[0]?.day ?? null;
  },
  collect: async (db, range) => {
    const rows = await sql<{ day: string; buyer: string; amount: string }>`select ${dayOf('paid_at', range.timeZone)} as day, buyer, sum(amount)::text as amount
      from ${sql.table(SALES)} where tenant_id = ${range.tenantId} and ${withinDays('paid_at', range)} group by 1, 2`.execute(db);
    return rows.rows.flatMap((row) => [
      { day: row.day, metric: METRIC_AMOUNT, dim: row.buyer, value: row.amount },
      { day: row.day, metric: METRIC_BUYER, dim: row.buyer, value: '1' },
    ]);
  },
};

let db: Kysely<Database>;
let now = new Date('2026-03-10T04:00:00Z'); // 12:00 in Shanghai
const store = (): FactStore => new FactStore(db, [source], ZONE, 2, () => now);

/** A sale at a Shanghai wall-clock time ('2026-03-08 23:59:59'). */
async function sale(localTime: string, buyer: string, amount: string): Promise<void> {
  await sql`insert into ${sql.table(SALES)} (tenant_id, paid_at, buyer, amount) values (${TENANT}, (${localTime}::timestamp at time zone ${ZONE}), ${buyer}, ${amount})`.execute(db);
}

const totals = async (facts: FactStore, from: string, to: string) => ({
  total: await facts.sum({ tenantId: TENANT, from, to }, [METRIC_AMOUNT], 'total'),
  byDay: (await facts.sum({ tenantId: TENANT, from, to }, [METRIC_AMOUNT], 'day')).sort((a, b) => (a.day ?? '').localeCompare(b.day ?? '')),
  buyers: await facts.distinct({ tenantId: TENANT, from, to }, METRIC_BUYER, 'total'),
  buyersByDay: await facts.distinct({ tenantId: TENANT, from, to }, METRIC_BUYER, 'day'),
});

/** The stored facts of a tenant, as comparable lines. */
async function storedLines(tenantId: number): Promise<string[]> {
  const rows = await sql<{ line: string }>`select to_char(day, 'YYYY-MM-DD') || ' ' || metric || ' ' || dim || ' ' || value::text as line
    from rpt_daily_fact where tenant_id = ${tenantId} order by day, metric, dim`.execute(db);
  return rows.rows.map((row) => row.line);
}

beforeAll(async () => {
  db = demo.app.db;
  await sql`create table ${sql.table(SALES)} (tenant_id integer not null, paid_at timestamptz not null, buyer varchar(32) not null, amount numeric(14, 2) not null)`.execute(db);
  await sale('2026-03-07 10:00:00', 'm1', '10.10');
  await sale('2026-03-08 23:59:59', 'm1', '20.20'); // the last second of the 8th in the shop's zone
  await sale('2026-03-09 00:00:00', 'm2', '30.30'); // the first second of the 9th
  await sale('2026-03-10 09:00:00', 'm2', '5.00'); // today
});

describe('day arithmetic', () => {
  it('cuts days in the shop zone and steps over month ends', () => {
    expect(dayIn(new Date('2026-03-08T16:00:00Z'), ZONE)).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-08T15:59:59Z'), ZONE)).toBe('2026-03-08');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('cuts a range into consecutive windows that cover every day once', () => {
    expect(windowsOf('2026-01-01', '2026-03-05', 31)).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-05' },
    ]);
    expect(windowsOf('2026-03-09', '2026-03-09', 31)).toEqual([{ from: '2026-03-09', to: '2026-03-09' }]);
    expect(windowsOf('2026-03-10', '2026-03-09', 31)).toEqual([]);
  });
});

describe('fact store', () => {
  it('answers from live facts before any roll-up, with days cut at the shop zone midnight', async () => {
    const facts = store();
    expect(await facts.rolledThrough(TENANT)).toBeNull();
    const figures = await totals(facts, '2026-03-07', '2026-03-10');
    expect(figures.total).toEqual([{ metric: METRIC_AMOUNT, value: '65.60' }]);
    expect(figures.byDay.map((row) => [row.day, row.value])).toEqual([
      ['2026-03-07', '10.10'],
      ['2026-03-08', '20.20'],
      ['2026-03-09', '30.30'],
      ['2026-03-10', '5.00'],
    ]);
    expect(figures.buyers).toEqual([{ count: 2 }]);
    expect(figures.buyersByDay).toEqual([
      { day: '2026-03-07', count: 1 },
      { day: '2026-03-08', count: 1 },
      { day: '2026-03-09', count: 1 },
      { day: '2026-03-10', count: 1 },
    ]);
  });

  it('stores every day through yesterday, gives the same figures, and a second run changes nothing', async () => {
    const facts = store();
    const before = await totals(facts, '2026-03-07', '2026-03-10');
    const first = await facts.catchUp(TENANT);
    expect(first?.to).toBe('2026-03-09');
    expect(await facts.rolledThrough(TENANT)).toBe('2026-03-09');
    const stored = await sql<{ n: string }>`select count(*) as n from rpt_daily_fact where tenant_id = ${TENANT}`.execute(db);
    expect(await totals(facts, '2026-03-07', '2026-03-10')).toEqual(before);
    await facts.catchUp(TENANT);
    expect((await sql<{ n: string }>`select count(*) as n from rpt_daily_fact where tenant_id = ${TENANT}`.execute(db)).rows[0]?.n).toBe(stored.rows[0]?.n);
    expect(await totals(facts, '2026-03-07', '2026-03-10')).toEqual(before);
    // A sub-range and a per-dimension split read the stored rows.
    expect(await facts.sum({ tenantId: TENANT, from: '2026-03-08', to: '2026-03-09' }, [METRIC_AMOUNT], 'dim')).toEqual(
      expect.arrayContaining([
        { metric: METRIC_AMOUNT, dim: 'm1', value: '20.20' },
        { metric: METRIC_AMOUNT, dim: 'm2', value: '30.30' },
      ]),
    );
  });

  it('counts a buyer of a stored day and of today once', async () => {
    expect((await store().distinct({ tenantId: TENANT, from: '2026-03-09', to: '2026-03-10' }, METRIC_BUYER, 'total'))[0]?.count).toBe(1);
  });

  it('keeps a fact that reached a stored day late once the next run re-rolls it, and reads unknown metrics as nothing', async () => {
    await sale('2026-03-09 23:00:00', 'm3', '1.00'); // committed after the 9th was stored
    now = new Date('2026-03-11T04:00:00Z');
    const facts = store();
    expect(await facts.sum({ tenantId: TENANT, from: '2026-03-09', to: '2026-03-09' }, [METRIC_AMOUNT], 'total')).toEqual([{ metric: METRIC_AMOUNT, value: '30.30' }]);
    await facts.catchUp(TENANT);
    expect(await facts.rolledThrough(TENANT)).toBe('2026-03-10');
    expect(await facts.sum({ tenantId: TENANT, from: '2026-03-09', to: '2026-03-09' }, [METRIC_AMOUNT], 'total')).toEqual([{ metric: METRIC_AMOUNT, value: '31.30' }]);
    expect((await facts.distinct({ tenantId: TENANT, from: '2026-03-07', to: '2026-03-11' }, METRIC_BUYER, 'total'))[0]?.count).toBe(3);
    expect(await facts.sum({ tenantId: TENANT, from: '2026-03-07', to: '2026-03-11' }, ['nobody.fills'], 'total')).toEqual([]);
  });

  it('stores at start the days a stored tenant missed and the whole history of one never stored', async () => {
    now = new Date('2026-03-14T04:00:00Z');
    const facts = store();
    const fresh = TENANT + 500; // a shop whose facts were never stored: sales since the 1st, and today's
    await sql`insert into ${sql.table(SALES)} (tenant_id, paid_at, buyer, amount) values
      (${fresh}, timestamptz '2026-03-01 10:00:00+08', 'f1', 5.00), (${fresh}, timestamptz '2026-03-13 10:00:00+08', 'f2', 7.00), (${fresh}, timestamptz '2026-03-14 09:00:00+08', 'f1', 1.00)`.execute(db);
    facts.tenantIds = async () => [TENANT, fresh];
    const infos: string[] = [];
    expect(await facts.rolledThrough(TENANT)).toBe('2026-03-10');
    expect(await facts.rolledThrough(fresh)).toBeNull();
    const month = { tenantId: fresh, from: '2026-02-14', to: '2026-03-14' };
    const live = { total: await facts.sum(month, [METRIC_AMOUNT], 'total'), buyers: await facts.distinct(month, METRIC_BUYER, 'total') };
    expect(live).toEqual({ total: [{ metric: METRIC_AMOUNT, value: '13.00' }], buyers: [{ count: 2 }] });
    await catchUpAtStart(facts, { info: (message) => infos.push(message), error: (message) => expect.fail(message) });
    // 10 rows: the fresh shop's 4, and the 6 of the stored tenant's days 9 to 13 (re-rolled and missed).
    expect(infos).toEqual([expect.stringMatching(/^报表日结 at start: stored through 2026-03-13: 2 tenants, 10 rows in \d+\.\d s$/)]);
    expect(await facts.rolledThrough(TENANT)).toBe('2026-03-13');
    expect(await facts.rolledThrough(fresh)).toBe('2026-03-13');
    expect(await storedLines(fresh)).toEqual([`2026-03-01 ${METRIC_AMOUNT} f1 5.00`, `2026-03-01 ${METRIC_BUYER} f1 1.00`, `2026-03-13 ${METRIC_AMOUNT} f2 7.00`, `2026-03-13 ${METRIC_BUYER} f2 1.00`]);
    // Stored days and today's live part: the same figures as all live.
    expect({ total: await facts.sum(month, [METRIC_AMOUNT], 'total'), buyers: await facts.distinct(month, METRIC_BUYER, 'total') }).toEqual(live);
  });

  it('keeps a range\'s stored distinct count until a roll-up rewrites its days, and counts a thing of today seen before once', async () => {
    // now: 2026-03-14 12:00 in Shanghai, stored through the 13th (previous test); buyers m1, m2, m3 so far.
    const facts = store();
    const range = { tenantId: TENANT, from: '2026-03-07', to: '2026-03-14' };
    const buyers = async () => (await facts.distinct(range, METRIC_BUYER, 'total'))[0]?.count;
    expect(await buyers()).toBe(3);
    await sale('2026-03-08 12:00:00', 'm9', '1.00'); // reaches a stored day late: not a stored fact yet
    expect(await buyers()).toBe(3);
    await facts.rebuild(TENANT, '2026-03-08', '2026-03-08'); // the roll-up rewrites the day: the count is read anew
    expect(await buyers()).toBe(4);
    await sale('2026-03-14 09:00:00', 'm9', '2.00'); // today, already a buyer of a stored day
    expect(await buyers()).toBe(4);
    await sale('2026-03-14 10:00:00', 'm10', '2.00'); // today only
    expect(await buyers()).toBe(5);
  });

  it('refuses a source that fills another source\'s metric', () => {
    expect(() => new FactStore(db, [source, { ...source, name: 'copy' }], ZONE, 2)).toThrow(/filled by both/);
  });
});

describe('a long history', () => {
  // Another tenant of the same table: a year and more of sales, one every 7 days, a buyer returning every 4th sale.
  const LONG = TENANT + 1000;
  const asked: Array<{ from: string; to: string }> = [];
  /** The tenant's mark as each ask saw it. */
  const marks: Array<string | null> = [];
  const recording: FactSource = {
    ...source,
    collect: async (db, range) => {
      asked.push({ from: range.from, to: range.to });
      const mark = await sql<{ day: string }>`select to_char(rolled_through, 'YYYY-MM-DD') as day from rpt_rollup where tenant_id = ${range.tenantId}`.execute(db);
      marks.push(mark.rows[0]?.day ?? null);
      return source.collect(db, range);
    },
  };
  const longStore = () => new FactStore(db, [recording], ZONE, 2, () => new Date('2026-03-10T04:00:00Z'));
  const range = { tenantId: LONG, from: '2025-01-01', to: '2026-03-10' };

  beforeAll(async () => {
    await sql`insert into ${sql.table(SALES)} (tenant_id, paid_at, buyer, amount)
      select ${LONG}, timestamptz '2025-01-03 10:00:00+08' + (n * 7) * interval '1 day', 'b' || (n % 4), 1.25 from generate_series(0, 61) as n`.execute(db);
  });

  it('is read and stored a window of days at a time from the source\'s first day, with the figures of one read', async () => {
    const facts = longStore();
    const live = { total: await facts.sum(range, [METRIC_AMOUNT], 'total'), buyers: await facts.distinct(range, METRIC_BUYER, 'total'), byDay: await facts.distinct(range, METRIC_BUYER, 'day') };
    expect(live.total).toEqual([{ metric: METRIC_AMOUNT, value: '77.50' }]);
    expect(live.buyers).toEqual([{ count: 4 }]);
    expect(live.byDay).toHaveLength(62);
    expect(asked.length).toBeGreaterThan(10);
    // Live, a long range is asked for from the source's first day, not from its own first day.
    expect(asked[0]?.from).toBe('2025-01-03');
    expect(asked.every((window) => daysOf(window.from, window.to).length <= FACT_WINDOW_DAYS)).toBe(true);

    asked.length = 0;
    marks.length = 0;
    const rolled = await facts.catchUp(LONG);
    // All history from 2000-01-01 is claimed, but the source is asked only from its first sale's day.
    expect(rolled).toMatchObject({ from: '2000-01-01', to: '2026-03-09', rows: 124 });
    expect(asked[0]?.from).toBe('2025-01-03');
    expect(asked.every((window) => daysOf(window.from, window.to).length <= FACT_WINDOW_DAYS)).toBe(true);
    expect(asked.map((window) => window.from)).toEqual(windowsOf('2025-01-03', '2026-03-09', FACT_WINDOW_DAYS).map((window) => window.from));
    // A step of days per transaction, each moving the mark: a window sees nothing stored at first, then the
    // marks of earlier steps, never a later one (the mark moves forward step by step, not once at the end).
    expect(marks[0]).toBeNull();
    const seen = marks.filter((mark): mark is string => mark !== null);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(marks.every((mark, index) => mark === null || mark < (asked[index]?.from ?? ''))).toBe(true);
    expect({ total: await facts.sum(range, [METRIC_AMOUNT], 'total'), buyers: await facts.distinct(range, METRIC_BUYER, 'total'), byDay: await facts.distinct(range, METRIC_BUYER, 'day') }).toEqual(live);
  });

  it('stores nothing for a tenant whose source has no first day yet', async () => {
    asked.length = 0;
    expect(await longStore().catchUp(LONG + 1)).toMatchObject({ rows: 0 });
    expect(asked).toEqual([]);
  });
});
