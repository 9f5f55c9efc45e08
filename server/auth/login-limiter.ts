const WINDOW_MS = 5 * 60_000;
const MAX_PER_ACCOUNT = 5;
const MAX_PER_IP = 30;
const MAX_ENTRIES = 50_000;

interface Counter {
  count: number;
  windowStart: number;
}

/**
 * Counts failed logins per (ip, account) and per ip over a 5-minute window.
 * Kept in memory on purpose: it resets on restart and is per instance, which is acceptable for
 * slowing down guessing; several instances behind a balancer would each allow the same budget.
 */
export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string): number {
    const counter = this.counters.get(key);
    if (counter === undefined) return 0;
    if (this.now() - counter.windowStart >= WINDOW_MS) {
      this.counters.delete(key);
      return 0;
    }
    return counter.count;
  }

  private bump(key: string): void {
    if (this.current(key) === 0) {
      if (this.counters.size >= MAX_ENTRIES) this.prune();
      this.counters.set(key, { count: 1, windowStart: this.now() });
    } else {
      const counter = this.counters.get(key);
      if (counter !== undefined) counter.count += 1;
    }
  }

  private prune(): void {
    const now = this.now();
    for (const [key, counter] of this.counters) {
      if (now - counter.windowStart >= WINDOW_MS) this.counters.delete(key);
    }
    // Still full: drop the oldest half rather than grow without bound under a flood.
    if (this.counters.size >= MAX_ENTRIES) {
      const keys = [...this.counters.keys()].slice(0, MAX_ENTRIES / 2);
      for (const key of keys) this.counters.delete(key);
    }
  }

  private static accountKey(ip: string, account: string): string {
    return `a\u0000${ip}\u0000${account.toLowerCase()}`;
  }

  isBlocked(ip: string, account: string): boolean {
    return this.current(LoginLimiter.accountKey(ip, account)) >= MAX_PER_ACCOUNT || this.current(`i\u0000${ip}`) >= MAX_PER_IP;
  }

  recordFailure(ip: string, account: string): void {
    this.bump(LoginLimiter.accountKey(ip, account));
    this.bump(`i\u0000${ip}`);
  }

  recordSuccess(ip: string, account: string): void {
    this.counters.delete(LoginLimiter.accountKey(ip, account));
  }
}
