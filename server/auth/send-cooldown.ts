const MAX_ENTRIES = 50_000;

/**
 * One send per key per interval (SMS codes: one per mobile per minute). In memory, like the login
 * limiter: a restart forgets it, which only allows one extra message.
 */
export class SendCooldown {
  private readonly lastSent = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a send and returns true, or returns false when the key is still cooling down. */
  tryTake(key: string): boolean {
    const now = this.now();
    const last = this.lastSent.get(key);
    if (last !== undefined && now - last < this.intervalMs) return false;
    if (this.lastSent.size >= MAX_ENTRIES) {
      for (const [k, at] of this.lastSent) if (now - at >= this.intervalMs) this.lastSent.delete(k);
      if (this.lastSent.size >= MAX_ENTRIES) this.lastSent.clear();
    }
    this.lastSent.set(key, now);
    return true;
  }
}
