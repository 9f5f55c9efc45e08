import { createContext, useContext } from 'react';
import type { PageRegistry } from './plugin-registry';

export const RegistryContext = createContext<PageRegistry | null>(null);

export function useRegistry(): PageRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry() needs the RegistryContext from createApp()');
  return registry;
}
