import { registeredCaches, type InspectableCache } from '../../../server/kit';
import type { CacheFigures } from '../contracts';
import { round } from './percentiles';

/**
 * 缓存信息: the server's caches — the process-wide ones registered in server/cache/cache-registry.ts
 * (session users, permission grants, menus and buttons, list totals and anchors …) and this app's
 * dictionary cache. Clearing one is always safe: each is a cache of database reads, so the next
 * request that needs a value reads it again.
 */
export class CacheDirectory {
  constructor(private readonly appCaches: Readonly<Record<string, InspectableCache>>) {}

  private all(): Map<string, InspectableCache> {
    const all = new Map<string, InspectableCache>(Object.entries(this.appCaches));
    for (const cache of registeredCaches()) all.set(cache.name, cache);
    return all;
  }

  names(): string[] {
    return [...this.all().keys()];
  }

  figures(): CacheFigures[] {
    return [...this.all().entries()].map(([name, cache]) => {
      const { entries, hits, misses } = cache.stats();
      const uses = hits + misses;
      return { name, entries, hits, misses, hitRatio: uses === 0 ? null : round(hits / uses, 4) };
    });
  }

  /** Empties the named cache; false when no cache has that name. */
  clear(name: string): boolean {
    const cache = this.all().get(name);
    if (cache === undefined) return false;
    cache.clear();
    return true;
  }
}
