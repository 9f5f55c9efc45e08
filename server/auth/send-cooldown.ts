import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RateCounters } from './rate-counters';

/**
 * One send per key per interval (SMS codes: one per mobile per minute). Kept in the database, so a
 * client cannot get a second message by reaching another instance.
 */
export class SendCooldown {
  private readonly counters: RateCounters;

  constructor(
    db: Kysely<Database>,
    private readonly scope: string,
    private readonly intervalMs: number,
    now: () => number = Date.now,
  ) {
    this.counters = new RateCounters(db, now);
  }

  /** Records a send and returns true, or returns false when the key is still cooling down. */
  async tryTake(key: string): Promise<boolean> {
    return this.counters.takeIfIdle(RateCounters.key('cooldown', this.scope, key), this.intervalMs);
  }
}
