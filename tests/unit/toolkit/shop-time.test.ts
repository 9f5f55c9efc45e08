/**
 * The client's shop clock (issue 32): screens show and compute times on the shop's clock that the permission call
 * names, never on the browser's — a browser in Los Angeles shows the Shanghai shop's times and day.
 */
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/providers/session';
import { formatShopTime, parseShopTime, shopNow, shopTimeZone, shopToday } from '../../../src/toolkit/utils';

/** 07:54:25 on 2 December 2026 in Shanghai: 1 December in UTC, 15:54:25 on 1 December in Los Angeles. */
const MORNING = Date.UTC(2026, 11, 1, 23, 54, 25);
const original = process.env.TZ;

afterEach(() => {
  process.env.TZ = original;
  session.clear();
});

describe('the shop clock on the client', () => {
  it('is Asia/Shanghai until the server names another, then the server’s', () => {
    expect(shopTimeZone()).toBe('Asia/Shanghai');
    session.setPermissions({ menu: [], auth: [], allAuth: [], shopTimeZone: 'America/New_York' });
    expect(shopTimeZone()).toBe('America/New_York');
    expect(formatShopTime(MORNING)).toBe('2026-12-01 18:54:25');
  });

  it('shows server times as sent and instants on the shop clock, whatever the browser’s zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      expect(formatShopTime('2026-12-02 07:54:25')).toBe('2026-12-02 07:54:25');
      expect(formatShopTime(MORNING)).toBe('2026-12-02 07:54:25');
      expect(formatShopTime(new Date(MORNING))).toBe('2026-12-02 07:54:25');
      expect(formatShopTime('2026-12-01T23:54:25.000Z')).toBe('2026-12-02 07:54:25');
      expect(formatShopTime('2026-12-02 07:54:25+08')).toBe('2026-12-02 07:54:25');
      expect([formatShopTime(null), formatShopTime(undefined), formatShopTime('')]).toEqual(['', '', '']);
      expect(parseShopTime('2026-12-02 07:54:25')).toBe(MORNING);
      expect(parseShopTime('2026-12-02')).toBe(Date.UTC(2026, 11, 1, 16, 0, 0));
      expect(parseShopTime('not a time')).toBeNull();
    }
  });

  it('computes now and today on the shop clock: pickers and presets see the shop’s wall clock', () => {
    for (const zone of ['UTC', 'America/Los_Angeles']) {
      process.env.TZ = zone;
      const now = shopNow(MORNING);
      expect(now.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 07:54:25');
      expect(now.hour()).toBe(7);
      expect(shopToday(MORNING)).toBe('2026-12-02');
    }
  });

  it('makes dayjs() — what antd’s pickers call for 今天 and 此刻 — the shop’s now; instants and UTC stay as they are', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(MORNING);
      for (const zone of ['UTC', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        expect(dayjs().format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 07:54:25');
        expect(dayjs(MORNING).valueOf()).toBe(MORNING);
        expect(dayjs.utc().valueOf()).toBe(MORNING);
        expect(dayjs('2026-12-02 07:54:25').format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 07:54:25');
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
