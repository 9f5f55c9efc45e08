import { HOME_PATH } from '../../contracts/constants';

/** One open tab: keyed by the full path (pathname + search) it was opened with. */
export interface PageTab {
  /** Stable identity for React: survives a change of the key (see retargetTab). */
  id: string;
  key: string;
  title: string;
}

export type CloseRefusal = 'home' | 'last';

export type CloseResult = { ok: true; tabs: PageTab[] } | { ok: false; reason: CloseRefusal };

export const HOME_KEY = HOME_PATH;

export function tabKeyOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

export function isHomeKey(key: string): boolean {
  return key === HOME_KEY;
}

/** The home tab first, then the others in opening order, each key once. */
export function withHomeFirst(tabs: readonly PageTab[], homeTitle: string): PageTab[] {
  const home = tabs.find((tab) => isHomeKey(tab.key)) ?? { id: HOME_KEY, key: HOME_KEY, title: homeTitle };
  const seen = new Set<string>([HOME_KEY]);
  const rest = tabs.filter((tab) => {
    if (seen.has(tab.key)) return false;
    seen.add(tab.key);
    return true;
  });
  return [home, ...rest];
}

/** Opening a page: an open tab with that key is reused (its title refreshed), else appended. */
export function openTab(tabs: readonly PageTab[], key: string, title: string, newId: (key: string) => string = (k) => k): PageTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index >= 0) {
    const existing = tabs[index];
    if (!existing || existing.title === title) return [...tabs];
    return tabs.map((tab, position) => (position === index ? { ...tab, title } : tab));
  }
  return [...tabs, { id: newId(key), key, title }];
}

/**
 * A page that replaced its own URL (a dialog or filter kept in the query) keeps its tab and its state:
 * the tab takes the new key. Another tab already holding that key closes, so the user stays in the tab
 * they act in; the home tab is never retargeted.
 */
export function retargetTab(
  tabs: readonly PageTab[],
  fromKey: string,
  toKey: string,
  title: string,
  newId: (key: string) => string = (k) => k,
): PageTab[] {
  if (fromKey === toKey || isHomeKey(fromKey) || isHomeKey(toKey) || !tabs.some((tab) => tab.key === fromKey)) return openTab(tabs, toKey, title, newId);
  return tabs.filter((tab) => tab.key !== toKey).map((tab) => (tab.key === fromKey ? { ...tab, key: toKey, title } : tab));
}

/**
 * How many pages stay open as tabs. Each open tab keeps its page alive (its DOM, its queries), so after a working hour
 * thirty of them slowed every screen: past this many, opening a page closes the one used longest ago.
 */
export const MAX_OPEN_TABS = 12;

/**
 * Closes tabs, the one used longest ago first, until at most `max` are open. Never the home tab, the tab being shown
 * (`shownKey`) or one `pinned` says to keep (a form with unsaved input): with only those left, more stay open.
 * `lastUsed` numbers each tab id by when it was last shown (a tab never shown, restored after a reload, counts as 0).
 */
export function trimTabs(tabs: readonly PageTab[], shownKey: string, lastUsed: ReadonlyMap<string, number>, pinned: (tab: PageTab) => boolean, max: number = MAX_OPEN_TABS): PageTab[] {
  let open = [...tabs];
  while (open.length > max) {
    const closable = open.filter((tab) => !isHomeKey(tab.key) && tab.key !== shownKey && !pinned(tab));
    const oldest = closable.reduce<PageTab | undefined>((found, tab) => (found === undefined || (lastUsed.get(tab.id) ?? 0) < (lastUsed.get(found.id) ?? 0) ? tab : found), undefined);
    if (oldest === undefined) break;
    open = open.filter((tab) => tab.id !== oldest.id);
  }
  return open;
}

/** docs/spec.md §2 Tabs: the last tab cannot be closed, nor the home tab. */
export function closeTab(tabs: readonly PageTab[], key: string): CloseResult {
  if (tabs.length <= 1) return { ok: false, reason: 'last' };
  if (isHomeKey(key)) return { ok: false, reason: 'home' };
  return { ok: true, tabs: tabs.filter((tab) => tab.key !== key) };
}

/** Closes the tabs left of `key`; the home tab stays. */
export function closeLeft(tabs: readonly PageTab[], key: string): PageTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return [...tabs];
  return tabs.filter((tab, position) => position >= index || isHomeKey(tab.key));
}

/** Closes the tabs right of `key`; the home tab stays. */
export function closeRight(tabs: readonly PageTab[], key: string): PageTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return [...tabs];
  return tabs.filter((tab, position) => position <= index || isHomeKey(tab.key));
}

/** Keeps `key` and the home tab. */
export function closeOthers(tabs: readonly PageTab[], key: string): PageTab[] {
  return tabs.filter((tab) => tab.key === key || isHomeKey(tab.key));
}

/** The tab to show after the active one was closed: its right neighbour, else its left one. */
export function neighbourAfterClose(before: readonly PageTab[], after: readonly PageTab[], closedKey: string): string {
  const index = before.findIndex((tab) => tab.key === closedKey);
  const candidate = after[Math.min(Math.max(index, 0), after.length - 1)];
  return candidate?.key ?? HOME_KEY;
}
