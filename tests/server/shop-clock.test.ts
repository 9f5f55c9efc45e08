/**
 * The shop's clock (issue 32, "One clock: the shop's"): the one server function that formats an instant and the one
 * that parses a wall clock, whatever the process's zone, and the database session on the same clock — on the
 * embedded database and on PostgreSQL. The suite itself runs with the server process on UTC (vitest.config.ts).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { cronOptions, nextFireTimes } from '../../server/scheduler/cron';
import { formatShopTime, instantOf, parseShopTime, shopDay, shopDayCompact, shopTimeZone } from '../../server/time/shop-time';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { SERVER_ZONE, SHOP_ZONE } from '../support/zones';
import { tempDir } from './helpers';

/** 07:54:25 on 2 December 2026 in Shanghai: still 1 December in UTC. */
const MORNING = new Date('2026-12-01T23:54:25Z');

describe('the suite runs the server process on UTC and the shop in Shanghai', () => {
  it('has the process on UTC and the shop clock in Asia/Shanghai', () => {
    expect(process.env.TZ).toBe(SERVER_ZONE);
    expect(new Date(MORNING).getTimezoneOffset()).toBe(0);
    expect(new Date(MORNING).getHours()).toBe(23);
    expect(shopTimeZone()).toBe(SHOP_ZONE);
  });
});

describe('one function formats, one parses: the shop wall clock, whatever the process zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('formats an instant as the shop sees it, and reads the shop wall clock back to the same instant', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/London']) {
      process.env.TZ = zone;
      expect(formatShopTime(MORNING)).toBe('2026-12-02 07:54:25');
      expect(shopDay(MORNING)).toBe('2026-12-02');
      expect(shopDayCompact(MORNING)).toBe('20261202');
      expect(parseShopTime('2026-12-02 07:54:25')?.toISOString()).toBe('2026-12-01T23:54:25.000Z');
      expect(parseShopTime('2026-12-02')?.toISOString()).toBe('2026-12-01T16:00:00.000Z');
      expect(parseShopTime('2026-12-02T07:54')?.toISOString()).toBe('2026-12-01T23:54:00.000Z');
    }
  });

  it('refuses what is no real wall clock, and keeps an instant written with its own zone', () => {
    for (const text of ['2026-02-30', '2026-12-02 24:00:00', '2026-13-01', '2026-12-02 07:60', '02/12/2026', '']) expect(parseShopTime(text)).toBeNull();
    expect(instantOf('2026-12-01T23:54:25.000Z')?.getTime()).toBe(MORNING.getTime());
    expect(instantOf('2026-12-02 07:54:25+08')?.getTime()).toBe(MORNING.getTime());
    expect(instantOf('2026-12-02 07:54:25')?.getTime()).toBe(MORNING.getTime());
    expect(instantOf(MORNING)).toBe(MORNING);
    expect(instantOf(42)).toBeNull();
  });

  it('crosses a daylight-saving change of a zone that has one', () => {
    // New York: 2026-03-08 02:00 EST becomes 03:00 EDT; 2026-11-01 02:00 EDT becomes 01:00 EST.
    const ny = 'America/New_York';
    expect(formatShopTime(new Date('2026-03-08T06:59:59Z'), ny)).toBe('2026-03-08 01:59:59');
    expect(formatShopTime(new Date('2026-03-08T07:00:00Z'), ny)).toBe('2026-03-08 03:00:00');
    expect(parseShopTime('2026-03-08 03:30:00', ny)?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(parseShopTime('2026-03-08 01:30:00', ny)?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // The skipped half hour reads as the same clock time after the gap.
    expect(parseShopTime('2026-03-08 02:30:00', ny)?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(formatShopTime(new Date('2026-11-01T06:30:00Z'), ny)).toBe('2026-11-01 01:30:00');
    expect(formatShopTime(new Date('2026-11-01T07:00:00Z'), ny)).toBe('2026-11-01 02:00:00');
  });

  it('schedules cron expressions on the shop clock: 02:00 every day is 18:00 UTC', () => {
    expect(cronOptions().timezone).toBe(SHOP_ZONE);
    const next = nextFireTimes('0 0 2 * * ?', 2, MORNING);
    expect(next.map((at) => at.toISOString())).toEqual(['2026-12-02T18:00:00.000Z', '2026-12-03T18:00:00.000Z']);
    expect(next.map((at) => formatShopTime(at))).toEqual(['2026-12-03 02:00:00', '2026-12-04 02:00:00']);
  });
});

/** What the database makes of times on a session of the shop's clock. */
async function databaseClock(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const found = await sql<Record<string, unknown>>`select current_setting('TimeZone') as zone,
      cast(${MORNING}::timestamptz as text) as as_text,
      (${MORNING}::timestamptz)::date::text as day,
      to_char(${MORNING}::timestamptz, 'YYYY-MM-DD HH24:MI:SS') as to_char,
      date_trunc('day', ${MORNING}::timestamptz) = ${parseShopTime('2026-12-02')}::timestamptz as day_start,
      '2026-12-02 07:54:25'::timestamptz = ${MORNING}::timestamptz as parsed,
      date '2026-12-02' as plain_date,
      timestamp '2026-12-02 07:54:25' as plain_timestamp`.execute(handle.db);
  return found.rows[0] ?? {};
}

const EXPECTED_CLOCK = {
  zone: SHOP_ZONE,
  as_text: '2026-12-02 07:54:25+08',
  day: '2026-12-02',
  to_char: '2026-12-02 07:54:25',
  day_start: true,
  parsed: true,
  // Wall clocks without a zone stay the text the database wrote (never a Date of the process's zone).
  plain_date: '2026-12-02',
  plain_timestamp: '2026-12-02 07:54:25',
};

describe('the database session keeps the shop clock', () => {
  it('on the embedded database', async () => {
    const dataDir = tempDir('clock');
    const handle = await openDatabase({ dataDir, databaseUrl: null, shopTimeZone: SHOP_ZONE });
    try {
      expect(await databaseClock(handle)).toEqual(EXPECTED_CLOCK);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on PostgreSQL, every connection of the pool', () => {
    let postgres: PostgresServer;
    beforeAll(async () => {
      postgres = await startPostgres();
    }, 90_000);
    afterAll(async () => {
      await postgres?.stop();
    });

    it('sets the zone on each new connection, and refuses to start with a zone the server does not know', async () => {
      const handle = await openDatabase({ dataDir: tempDir('unused'), databaseUrl: postgres.url, shopTimeZone: SHOP_ZONE });
      try {
        // Held at once, these take three connections of the pool.
        const zones = await Promise.all([1, 2, 3].map(() => sql<{ zone: string; pid: number }>`select current_setting('TimeZone') as zone, pg_backend_pid() as pid, pg_sleep(0.2)`.execute(handle.db)));
        expect(new Set(zones.map((answer) => answer.rows[0]?.pid)).size).toBe(3);
        expect(zones.map((answer) => answer.rows[0]?.zone)).toEqual([SHOP_ZONE, SHOP_ZONE, SHOP_ZONE]);
        expect(await databaseClock(handle)).toEqual(EXPECTED_CLOCK);
      } finally {
        await handle.close();
      }
      await expect(openDatabase({ dataDir: tempDir('unused'), databaseUrl: postgres.url, shopTimeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(
        'The database does not keep SHOP_TIME_ZONE "Mars/Olympus_Mons"',
      );
    });
  });
});
