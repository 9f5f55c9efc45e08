import { lazy } from 'react';
import type { ComponentType } from 'react';
import { RouteView } from '../shell/layouts/route-view';

const IframePageView = lazy(() => import('../shell/layouts/iframe-page-view'));

/**
 * Layout component paths of the server menu (docs/design.md Component paths). The nesting ones only
 * render their child route; BasicLayout/UserLayout inside a menu are nesting wrappers as well.
 */
export const BUILT_IN_LAYOUTS: Readonly<Record<string, ComponentType>> = {
  'layouts/RouteView': RouteView,
  'layouts/PageView': RouteView,
  'layouts/TabLayout': RouteView,
  'layouts/BasicLayout': RouteView,
  'layouts/UserLayout': RouteView,
  'layouts/IframePageView': IframePageView,
};
