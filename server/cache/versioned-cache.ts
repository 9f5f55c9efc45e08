import type { CacheStats } from './cache-registry';
import type { TableVersions, VersionStamp } from './table-versions';

/**
 * Values computed from the database once and reused until a table they were read from is written.
 * A cache is bound to the root `Kysely` instance of the server (registered by openDatabase); asked
 * through anything else (a transaction, another database) it computes every time, which is always right.
 */

interface CacheSource {
  versions: TableVersions;
  /**
   * On PostgreSQL other server instances write too, unseen by this process's versions: entries
   * there live only this long. Infinity on the embedded database (one process by construction).
   */
  maxAgeMs: number;
}

const sources = new WeakMap<object, CacheSource>();

export function registerCacheSource(db: object, versions: TableVersions, maxAgeMs: number): void {
  sources.set(db, { versions, maxAgeMs });
}

export function cacheSourceOf(db: object): CacheSource | undefined {
  return sources.get(db);
}

interface Entry<V> {
  /** The database it was read from: two servers in one process (tests, instances side by side) never share entries. */
  source: CacheSource;
  stamp: VersionStamp;
  at: number;
  value: Promise<V>;
}

export class VersionedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  // Cumulative since start (clear() keeps them), for the monitoring screen's hit ratio.
  private hits = 0;
  private misses = 0;

  /**
   * @param tables the tables the values are read from ('all' when a loader may read anything).
   * @param limit most entries kept; the oldest go first.
   * @param maxAgeMs how long an entry may live even when its tables are not written: for values that also
   *   depend on the clock (a tenant open until its end date).
   */
  constructor(
    private readonly tables: readonly string[] | 'all',
    private readonly limit = 1000,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /** The cached value, or `compute()` once for all concurrent callers of the same key. */
  get(db: object, key: K, compute: () => Promise<V>): Promise<V> {
    const source = sources.get(db);
    if (source === undefined) {
      this.misses += 1;
      return compute();
    }
    const stamp = source.versions.stamp(this.tables);
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.source === source && entry.stamp === stamp && now - entry.at <= Math.min(source.maxAgeMs, this.maxAgeMs)) {
      this.hits += 1;
      return entry.value;
    }
    this.misses += 1;
    // Stamped before reading: a write during the computation makes the entry stale at once.
    const value = compute();
    const fresh: Entry<V> = { source, stamp, at: now, value };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return value;
  }

  /** Empties the cache; callers holding a value keep it, the next `get` of each key computes again. */
  clear(): void {
    this.entries.clear();
  }

  stats(): CacheStats {
    return { entries: this.entries.size, hits: this.hits, misses: this.misses };
  }
}
