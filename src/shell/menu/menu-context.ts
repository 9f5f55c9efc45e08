import { createContext, useContext } from 'react';
import type { MenuItem } from '../../contracts/session';

/** The visible side-menu tree of the signed-in user (also read by the dashboard). */
export const MenuTreeContext = createContext<readonly MenuItem[]>([]);

export function useMenuTree(): readonly MenuItem[] {
  return useContext(MenuTreeContext);
}
