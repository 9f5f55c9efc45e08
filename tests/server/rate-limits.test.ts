/**
 * Login limits and send cooldowns count in the database (issue #19): every limiter object on one
 * database shares the counts (as instances on one PostgreSQL do), windows end on the clock, scopes
 * keep budgets apart, concurrent takes get one send, and expired rows are pruned on a later write.
 * Behind a balancer named in TRUST_PROXY each client has its own budget (X-Forwarded-For); a sender not
 * named there cannot choose its address. Across two real instances on PostgreSQL: tests/server/multi-instance.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../server/auth/login-limiter';
import { RateCounters } from '../../server/auth/rate-counters';
import { SendCooldown } from '../../server/auth/send-cooldown';
import { call, useTestServer } from './helpers';

// The tests' own address is the balancer here: its X-Forwarded-For names the client.
const backend = useTestServer({ TRUST_PROXY: '127.0.0.1' });

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2026, 0, 1, 8)): { now: () => number; advance: (ms: number) => void } {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

const storedRows = async () =>
  (await backend.app.db.withTables<{ rate_counters: { key: string; count: number; expires_at: Date } }>().selectFrom('rate_counters').select(['key', 'count']).orderBy('key').execute());

describe('the login limiter in the database', () => {
  it('blocks an account from one address after 5 failures, counted by any limiter on the database, until the window ends', async () => {
    const time = clock();
    const [one, two] = [new LoginLimiter(backend.app.db, 't-share', time.now), new LoginLimiter(backend.app.db, 't-share', time.now)];
    for (let i = 0; i < 4; i += 1) await (i % 2 === 0 ? one : two).recordFailure('10.1.0.1', 'Admin');
    expect(await one.isBlocked('10.1.0.1', 'admin')).toBe(false);
    await two.recordFailure('10.1.0.1', 'ADMIN');
    expect(await one.isBlocked('10.1.0.1', 'admin')).toBe(true);
    expect(await two.isBlocked('10.1.0.1', 'admin')).toBe(true);
    // Another account, another address: their own budgets.
    expect(await one.isBlocked('10.1.0.1', 'clerk')).toBe(false);
    expect(await one.isBlocked('10.1.0.2', 'admin')).toBe(false);
    time.advance(5 * 60_000 - 1);
    expect(await one.isBlocked('10.1.0.1', 'admin')).toBe(true);
    time.advance(1);
    expect(await one.isBlocked('10.1.0.1', 'admin')).toBe(false);
    // A failure after the window starts a new one at 1.
    await one.recordFailure('10.1.0.1', 'admin');
    const key = RateCounters.key('login', 't-share', 'a', '10.1.0.1', 'admin');
    expect((await storedRows()).find((row) => row.key === key)?.count).toBe(1);
  });

  it('a success clears the account’s count; 30 failures block the address whatever the names; scopes do not mix', async () => {
    const time = clock();
    const limiter = new LoginLimiter(backend.app.db, 't-ip', time.now);
    const other = new LoginLimiter(backend.app.db, 't-other', time.now);
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure('10.2.0.1', 'clerk');
    await limiter.recordSuccess('10.2.0.1', 'clerk');
    await limiter.recordFailure('10.2.0.1', 'clerk');
    expect(await limiter.isBlocked('10.2.0.1', 'clerk')).toBe(false);
    for (let i = 0; i < 25; i += 1) await limiter.recordFailure('10.2.0.1', `nobody${i}`);
    expect(await limiter.isBlocked('10.2.0.1', 'someone')).toBe(true);
    expect(await other.isBlocked('10.2.0.1', 'someone')).toBe(false);
  });

  it('counts every failure of a concurrent burst', async () => {
    const limiter = new LoginLimiter(backend.app.db, 't-burst');
    await Promise.all(Array.from({ length: 12 }, () => limiter.recordFailure('10.3.0.1', 'admin')));
    const rows = await storedRows();
    expect(rows.find((row) => row.key === RateCounters.key('login', 't-burst', 'a', '10.3.0.1', 'admin'))?.count).toBe(12);
    expect(rows.find((row) => row.key === RateCounters.key('login', 't-burst', 'i', '10.3.0.1'))?.count).toBe(12);
  });

  it('takes account names a text column would refuse (NUL) as they are', async () => {
    const limiter = new LoginLimiter(backend.app.db, 't-odd');
    for (let i = 0; i < 5; i += 1) await limiter.recordFailure('10.4.0.1', 'a\u0000"b"\\名');
    expect(await limiter.isBlocked('10.4.0.1', 'A\u0000"B"\\名')).toBe(true);
    expect(await limiter.isBlocked('10.4.0.1', 'a"b"\\名')).toBe(false);
  });
});

describe('the send cooldown in the database', () => {
  it('allows one send per key per interval, across cooldown objects; keys and scopes apart', async () => {
    const time = clock();
    const [one, two] = [new SendCooldown(backend.app.db, 't-sms', 60_000, time.now), new SendCooldown(backend.app.db, 't-sms', 60_000, time.now)];
    expect(await one.tryTake('login:13800000001')).toBe(true);
    expect(await two.tryTake('login:13800000001')).toBe(false);
    expect(await two.tryTake('forget:13800000001')).toBe(true);
    expect(await new SendCooldown(backend.app.db, 't-other', 60_000, time.now).tryTake('login:13800000001')).toBe(true);
    time.advance(59_999);
    expect(await one.tryTake('login:13800000001')).toBe(false);
    time.advance(1);
    expect(await two.tryTake('login:13800000001')).toBe(true);
    expect(await one.tryTake('login:13800000001')).toBe(false);
  });

  it('gives exactly one of concurrent takes the send', async () => {
    const cooldown = new SendCooldown(backend.app.db, 't-race', 60_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => cooldown.tryTake('login:13800000002')));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});

describe('pruning', () => {
  it('deletes expired rows on a write a minute after the last prune, and keeps live ones', async () => {
    const time = clock(Date.UTC(2026, 5, 1));
    const counters = new RateCounters(backend.app.db, time.now);
    const [stale, live] = [RateCounters.key('t-prune', 'stale'), RateCounters.key('t-prune', 'live')];
    await counters.bump([stale], 1000);
    time.advance(30_000);
    await counters.bump([live], 10 * 60_000);
    // Within the minute: nothing pruned yet, the stale row only counts as none.
    expect((await storedRows()).some((row) => row.key === stale)).toBe(true);
    expect((await counters.counts([stale, live])).get(stale)).toBe(0);
    time.advance(30_000);
    await counters.bump([live], 10 * 60_000);
    const keys = (await storedRows()).map((row) => row.key);
    expect(keys).not.toContain(stale);
    expect((await counters.counts([live])).get(live)).toBe(2);
  });
});

describe('behind a balancer (TRUST_PROXY)', () => {
  const attempt = (remoteAddress: string, forwardedFor: string, password = 'wrong') =>
    call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

  it('counts failures per client named by the trusted balancer, not per balancer', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('127.0.0.1', '203.0.113.5')).body.message).toBe('用户名或密码错误');
    const blocked = await attempt('127.0.0.1', '203.0.113.5', '123456');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, code: 429, message: '登录失败次数过多，请稍后再试' });
    // Another client behind the same balancer keeps its budget.
    expect((await attempt('127.0.0.1', '203.0.113.6', '123456')).body.success).toBe(true);
  });

  it('ignores X-Forwarded-For from a sender it does not trust', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('10.5.0.1', `198.51.100.${i}`)).status).toBe(200);
    expect((await attempt('10.5.0.1', '198.51.100.99', '123456')).status).toBe(429);
  });
});
