import { API } from '../../contracts/api-paths';
import type { DictMap } from '../../contracts/session';
import { http } from '../../providers/http';
import { session } from '../../providers/session';

/** Spec §7 Dictionaries: refleshCache, then queryAllDictItems rewrites the local dictionary cache. */
export async function refreshDictionaryCache(): Promise<boolean> {
  try {
    const refreshed = await http.get(API.refreshDictCache);
    if (!refreshed.success) return false;
    const all = await http.get<DictMap>(API.allDictItems);
    if (!all.success) return false;
    session.setDictCache(all.result ?? {});
    return true;
  } catch {
    return false;
  }
}
