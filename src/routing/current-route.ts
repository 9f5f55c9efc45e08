import { createContext, useContext } from 'react';
import type { AppRoute } from './menu-routes';

/** The route a page is rendered for (e.g. IframePageView reads meta.url from it). */
export const CurrentRouteContext = createContext<AppRoute | null>(null);

export function useCurrentRoute(): AppRoute | null {
  return useContext(CurrentRouteContext);
}
