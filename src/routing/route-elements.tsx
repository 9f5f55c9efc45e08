import type { ReactElement } from 'react';
import { Navigate, Route } from 'react-router';
import { AggregateRoutePage } from './aggregate-route-page';
import type { AppRoute } from './menu-routes';
import { RoutePage } from './route-page';

function firstVisibleChildPath(route: AppRoute): string | undefined {
  return route.children.find((child) => !child.hidden && !child.external)?.path;
}

/** Where a route sends its visitor instead of rendering, if anywhere (never to itself; an alwaysShow route renders). */
export function redirectTargetOf(route: AppRoute): string | undefined {
  if (route.alwaysShow) return undefined;
  const own = route.redirect && route.redirect !== route.path ? route.redirect : undefined;
  if (own) return own;
  return route.children.length > 0 ? firstVisibleChildPath(route) : undefined;
}

/**
 * Server-menu routes as flat <Route>s under the main layout. Menu levels (RouteView & co.) add no
 * chrome of their own, so they only redirect to their first child; the breadcrumb keeps the nesting.
 * An alwaysShow item is the exception: it opens its own path (AggregateRoutePage), and its children
 * stay reachable by their own paths too.
 */
export function menuRouteElements(routes: readonly AppRoute[]): ReactElement[] {
  const elements: ReactElement[] = [];
  const seen = new Set<string>();
  const walk = (route: AppRoute) => {
    if (route.external || !route.path.startsWith('/')) return;
    if (!seen.has(route.path)) {
      seen.add(route.path);
      const target = redirectTargetOf(route);
      elements.push(
        <Route
          key={route.path}
          path={route.path}
          element={target ? <Navigate to={target} replace /> : route.alwaysShow ? <AggregateRoutePage route={route} /> : <RoutePage route={route} />}
        />,
      );
    }
    route.children.forEach(walk);
  };
  routes.forEach(walk);
  return elements;
}

export function hasRoutePath(routes: readonly AppRoute[], path: string): boolean {
  return routes.some((route) => route.path === path || hasRoutePath(route.children, path));
}
