import { matchPath } from 'react-router';
import type { BreadcrumbEntry, FlatRoute } from './menu-routes';

/** The breadcrumb chain of the leaf route that matches the pathname (params allowed), or null. */
export function findRouteChain(routes: readonly FlatRoute[], pathname: string): BreadcrumbEntry[] | null {
  const exact = routes.find((route) => route.path === pathname);
  if (exact) return exact.breadcrumb;
  const matched = routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
  return matched ? matched.breadcrumb : null;
}
