import { createContext, useContext } from 'react';
import type { FlatRoute } from '../../routing/menu-routes';

/** Every renderable route of the signed-in user (the menu search reads it). */
export const FlatRoutesContext = createContext<readonly FlatRoute[]>([]);

export function useFlatRoutes(): readonly FlatRoute[] {
  return useContext(FlatRoutesContext);
}
