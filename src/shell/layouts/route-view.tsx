import { Outlet } from 'react-router';

/** `layouts/RouteView` (and PageView/TabLayout): a menu level that only hosts its child route. */
export function RouteView() {
  return <Outlet />;
}
