import { API } from '../../contracts/api-paths';
import type { DictItem } from '../../contracts/session';
import { http } from '../../providers/http';
import { session } from '../../providers/session';

const pending = new Map<string, Promise<DictItem[]>>();

/**
 * Items of a dictionary: the session dictionary cache first (filled at login, 7 days in local
 * storage), else `getDictItems` (sent without `_t` by the http client), whose answer joins the cache.
 * A failed lookup is only logged and yields no items (spec §7 Dictionaries).
 */
export function loadDictItems(code: string): Promise<DictItem[]> {
  const cached = session.getDictCache()?.[code];
  if (cached !== undefined) return Promise.resolve(cached);
  const running = pending.get(code);
  if (running !== undefined) return running;
  const request = http
    .get<DictItem[]>(`${API.dictItems}/${encodeURIComponent(code)}`)
    .then((answer) => {
      if (!answer.success || !Array.isArray(answer.result)) {
        console.warn('dictionary lookup failed', code, answer.message);
        return [];
      }
      session.setDictCache({ ...(session.getDictCache() ?? {}), [code]: answer.result });
      return answer.result;
    })
    .catch((error: unknown) => {
      console.warn('dictionary lookup failed', code, error);
      return [];
    })
    .finally(() => pending.delete(code));
  pending.set(code, request);
  return request;
}

/** The display text of an item (text, else label/title, else the value). */
export function itemText(item: DictItem): string {
  return item.text || item.label || item.title || item.value;
}
