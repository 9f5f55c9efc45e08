/**
 * The application's caches by name, so that an administrator can see them (entries, hits, misses) and
 * empty one (the monitoring plugin's 缓存信息). Only process-wide caches register here; a cache built
 * per app (the dictionary service's) is reached through the app's context instead.
 */

export interface CacheStats {
  entries: number;
  hits: number;
  misses: number;
}

/** What the registry needs of a cache: its figures, and a safe clear (the next use recomputes). */
export interface InspectableCache {
  stats(): CacheStats;
  clear(): void;
}

export interface NamedCache extends InspectableCache {
  /** Stable machine name (`[a-z][a-zA-Z0-9-]*`); the screen translates it. */
  name: string;
}

const registry = new Map<string, NamedCache>();

/** Registers a process-wide cache under a unique name (a module registers its cache once, on import). */
export function registerCache(name: string, cache: InspectableCache): void {
  if (!/^[a-z][a-zA-Z0-9-]*$/.test(name)) throw new Error(`Cache name "${name}" must be a plain name`);
  if (registry.has(name)) throw new Error(`Cache "${name}" is already registered`);
  registry.set(name, { name, stats: () => cache.stats(), clear: () => cache.clear() });
}

/** Several caches counted as one (e.g. one per table): figures summed, cleared together. */
export function cacheGroup(caches: () => Iterable<InspectableCache>): InspectableCache {
  return {
    stats: () => {
      const total: CacheStats = { entries: 0, hits: 0, misses: 0 };
      for (const cache of caches()) {
        const stats = cache.stats();
        total.entries += stats.entries;
        total.hits += stats.hits;
        total.misses += stats.misses;
      }
      return total;
    },
    clear: () => {
      for (const cache of caches()) cache.clear();
    },
  };
}

/** Every registered cache, in registration order. */
export function registeredCaches(): NamedCache[] {
  return [...registry.values()];
}
