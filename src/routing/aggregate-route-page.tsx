import { Tabs } from 'antd';
import { isLayoutComponent, type AppRoute } from './menu-routes';
import { RoutePage } from './route-page';

/** The built-in layout that shows a URL in a frame: a page of its own, not a nesting level. */
const IFRAME_LAYOUT = 'layouts/IframePageView';

/** The children an aggregate route shows as its tabs: those a user could open from a menu. */
export function aggregatedChildren(route: AppRoute): AppRoute[] {
  return route.children.filter((child) => !child.hidden && !child.external && child.path.startsWith('/'));
}

/**
 * Whether an alwaysShow route shows its children itself: its component is a nesting layout (RouteView
 * & co.) or none, and it has children to show. A route naming a page component renders that page.
 */
export function showsChildrenAsTabs(route: AppRoute): boolean {
  const nesting = route.component === '' || (isLayoutComponent(route.component) && route.component !== IFRAME_LAYOUT);
  return nesting && aggregatedChildren(route).length > 0;
}

/**
 * JeecgBoot's "aggregate child routes" (alwaysShow): one menu entry that opens its own path. A nesting
 * item shows its children's pages as tabs there; an item with a page component shows that page, and a
 * component path nobody registers shows the MODULE_NOT_FOUND page in its place (both via RoutePage).
 */
export function AggregateRoutePage({ route }: { route: AppRoute }) {
  if (!showsChildrenAsTabs(route)) return <RoutePage route={route} />;
  return (
    <Tabs
      className="aggregate-route-tabs"
      items={aggregatedChildren(route).map((child) => ({ key: child.path, label: child.meta.title, children: <RoutePage route={child} /> }))}
    />
  );
}
