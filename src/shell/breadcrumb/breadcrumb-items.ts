import { HOME_PATH } from '../../contracts/constants';
import type { BreadcrumbEntry } from '../../routing/menu-routes';

export interface BreadcrumbItem {
  title: string;
  /** Absent for the current route, which shows as plain text. */
  path?: string;
}

/**
 * docs/spec.md §2 Layouts: always home (/dashboard/analysis) first, then each matched route; the current
 * route is plain text, the others links.
 */
export function breadcrumbItems(homeTitle: string, chain: readonly BreadcrumbEntry[], pathname: string): BreadcrumbItem[] {
  if (pathname === HOME_PATH) return [{ title: homeTitle }];
  const entries: BreadcrumbEntry[] = [{ title: homeTitle, path: HOME_PATH }, ...chain.filter((entry) => entry.path !== HOME_PATH)];
  return entries.map((entry, position) => (position === entries.length - 1 ? { title: entry.title } : { title: entry.title, path: entry.path }));
}
