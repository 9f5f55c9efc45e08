import { createContext, useContext } from 'react';

/** The busId of the announcement whose page (openType 'component') is open; null elsewhere. */
export const BusinessIdContext = createContext<string | null>(null);

export function useBusinessId(): string | null {
  return useContext(BusinessIdContext);
}
