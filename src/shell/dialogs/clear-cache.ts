import { API } from '../../contracts/api-paths';
import type { DictMap } from '../../contracts/session';
import { dataProvider } from '../../providers/data-provider';
import { session } from '../../providers/session';

/** One GET through the data provider's custom call; rejects with the server's refusal. */
async function get<T>(url: string): Promise<T> {
  const custom = dataProvider.custom;
  if (custom === undefined) throw new Error('The data provider has no custom()');
  const answer = await custom({ url, method: 'get' });
  return answer.data as unknown as T;
}

/** docs/spec.md §7 Dictionaries: refleshCache, then queryAllDictItems rewrites the local dictionary cache. */
export async function refreshDictionaryCache(): Promise<boolean> {
  try {
    await get<unknown>(API.refreshDictCache);
    const all = await get<DictMap | null>(API.allDictItems);
    session.setDictCache(all ?? {});
    return true;
  } catch {
    return false;
  }
}
