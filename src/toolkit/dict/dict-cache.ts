import { API } from '../../contracts/api-paths';
import type { DictItem } from '../../contracts/session';
import { dataProvider, EnvelopeError } from '../../providers/data-provider';
import { session } from '../../providers/session';

const pending = new Map<string, Promise<DictItem[]>>();

/** One `getDictItems` call through the data provider (sent without `_t` by the http client). */
async function fetchDictItems(code: string): Promise<unknown> {
  const custom = dataProvider.custom;
  if (custom === undefined) throw new Error('The data provider has no custom()');
  const answer = await custom({ url: `${API.dictItems}/${encodeURIComponent(code)}`, method: 'get' });
  return answer.data;
}

/**
 * Items of a dictionary: the session dictionary cache first (filled at login, 7 days in local
 * storage), else `getDictItems`, whose answer joins the cache (which tells every subscriber, see
 * subscribeDictItems). A failed lookup is only logged and yields no items (docs/spec.md §7 Dictionaries).
 */
export function loadDictItems(code: string): Promise<DictItem[]> {
  const cached = session.getDictCache()?.[code];
  if (cached !== undefined) return Promise.resolve(cached);
  const running = pending.get(code);
  if (running !== undefined) return running;
  const request = fetchDictItems(code)
    .then((result) => {
      if (!Array.isArray(result)) {
        console.warn('dictionary lookup failed', code, result);
        return [];
      }
      const items = result as DictItem[];
      session.setDictCache({ ...(session.getDictCache() ?? {}), [code]: items });
      return items;
    })
    .catch((error: unknown) => {
      console.warn('dictionary lookup failed', code, error instanceof EnvelopeError ? error.message : error);
      return [];
    })
    .finally(() => pending.delete(code));
  pending.set(code, request);
  return request;
}

/**
 * The dictionary cache as an external store (useSyncExternalStore): `listener` hears every change of
 * the cache (items joining it, 清理缓存, login, logout). Subscribing for a code not cached yet asks
 * for its items once (loadDictItems); a failed lookup is not asked again until the next subscription.
 */
export function subscribeDictItems(code: string, listener: () => void): () => void {
  const unsubscribe = session.subscribe(listener);
  if (code !== '' && session.getDictCache()?.[code] === undefined) void loadDictItems(code);
  return unsubscribe;
}

const NO_ITEMS: DictItem[] = [];
const snapshots = new Map<string, { version: number; items: DictItem[] }>();

/**
 * The store's snapshot for a dictionary: its cached items ([] while not cached, or for ''), the same
 * array as long as the cache has not changed (so a render reads the stored cache only after a change).
 */
export function dictItemsSnapshot(code: string): DictItem[] {
  if (code === '') return NO_ITEMS;
  const version = session.getVersion();
  const known = snapshots.get(code);
  if (known !== undefined && known.version === version) return known.items;
  const items = session.getDictCache()?.[code] ?? NO_ITEMS;
  // The same items (by content) keep their array, so users of a select do not see a change that is none.
  const same = known !== undefined && JSON.stringify(known.items) === JSON.stringify(items);
  const kept = same ? known.items : items;
  snapshots.set(code, { version, items: kept });
  return kept;
}

/** The display text of an item (text, else label/title, else the value). */
export function itemText(item: DictItem): string {
  return item.text || item.label || item.title || item.value;
}
