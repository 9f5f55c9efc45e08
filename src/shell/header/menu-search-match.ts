import type { FlatRoute } from '../../routing/menu-routes';

export interface MenuSearchEntry {
  path: string;
  title: string;
  /** Parent titles and the title, for display ("系统管理 / 用户管理"). */
  trail: string;
  route: FlatRoute['route'];
}

/** The menu items the user can see: leaf routes not hidden from the menu. */
export function searchableEntries(routes: readonly FlatRoute[]): MenuSearchEntry[] {
  const seen = new Set<string>();
  const entries: MenuSearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden || seen.has(route.path)) continue;
    seen.add(route.path);
    entries.push({ path: route.path, title: route.title, trail: route.breadcrumb.map((entry) => entry.title).join(' / '), route: route.route });
  }
  return entries;
}

/** Matches the Chinese title, the parents' titles and the path, case-insensitively. */
export function matchEntries(entries: readonly MenuSearchEntry[], query: string): MenuSearchEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...entries];
  return entries.filter((entry) => entry.trail.toLowerCase().includes(needle) || entry.path.toLowerCase().includes(needle));
}
