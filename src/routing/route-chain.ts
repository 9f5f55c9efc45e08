import { matchPath } from 'react-router';
import type { BreadcrumbEntry, FlatRoute } from './menu-routes';

/** The breadcrumb chain of the leaf route that matches the pathname (params allowed), or null. */
export function findRouteChain(routes: readonly FlatRoute[], pathname: string): BreadcrumbEntry[] | null {
  const exact = routes.find((route) => route.path === pathname);
  if (exact) return exact.breadcrumb;
  const matched = routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
  return matched ? matched.breadcrumb : null;
}

/**
 * Static routes (details, documents) placed under the menu page they belong to (`parent`): their breadcrumb
 * is that page's chain, then their own title — 首页 / 销售订单 / 订单列表 / 订单详情, not 首页 / 订单详情. A
 * parent the user's menu does not hold leaves the route as it is.
 */
export function underParents(statics: readonly FlatRoute[], parentOf: (path: string) => string | undefined, menu: readonly FlatRoute[]): FlatRoute[] {
  return statics.map((route) => {
    const parent = parentOf(route.path);
    const chain = parent === undefined ? undefined : menu.find((candidate) => candidate.path === parent)?.breadcrumb;
    return chain === undefined ? route : { ...route, breadcrumb: [...chain, ...route.breadcrumb] };
  });
}
