import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RateCounters } from './rate-counters';

const WINDOW_MS = 5 * 60_000;
const MAX_PER_ACCOUNT = 5;
const MAX_PER_IP = 30;

/**
 * Counts failed logins per (ip, account) and per ip over a 5-minute window. The counts live in the
 * database, so several instances behind a balancer share one budget. `scope` keeps budgets apart
 * (registrations and code checks must not use up an address's login budget).
 */
export class LoginLimiter {
  private readonly counters: RateCounters;

  constructor(
    db: Kysely<Database>,
    private readonly scope: string,
    now: () => number = Date.now,
  ) {
    this.counters = new RateCounters(db, now);
  }

  private accountKey(ip: string, account: string): string {
    return RateCounters.key('login', this.scope, 'a', ip, account.toLowerCase());
  }

  private ipKey(ip: string): string {
    return RateCounters.key('login', this.scope, 'i', ip);
  }

  async isBlocked(ip: string, account: string): Promise<boolean> {
    const [accountKey, ipKey] = [this.accountKey(ip, account), this.ipKey(ip)];
    const counts = await this.counters.counts([accountKey, ipKey]);
    return (counts.get(accountKey) ?? 0) >= MAX_PER_ACCOUNT || (counts.get(ipKey) ?? 0) >= MAX_PER_IP;
  }

  /**
   * True for the first refused (blocked) attempt from an address in a window, false for the others: only
   * the first is written to the login log, so a flood of refused attempts cannot fill it.
   */
  async firstRefusal(ip: string): Promise<boolean> {
    return this.counters.takeIfIdle(RateCounters.key('login', this.scope, 'r', ip), WINDOW_MS);
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    await this.counters.bump([this.accountKey(ip, account), this.ipKey(ip)], WINDOW_MS);
  }

  async recordSuccess(ip: string, account: string): Promise<void> {
    await this.counters.clear(this.accountKey(ip, account));
  }
}
