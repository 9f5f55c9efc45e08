import { createContext, useContext } from 'react';
import type { PageRegistry } from './plugin-registry';

export const RegistryContext = createContext<PageRegistry | null>(null);

export function useRegistry(): PageRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry() needs the RegistryContext from createApp()');
  return registry;
}

/** Starts loading a page before it is opened (registry.prefetch); nothing outside an app (a shell piece in a test). */
export function usePagePrefetch(): (componentPath: string) => void {
  const registry = useContext(RegistryContext);
  return registry === null ? () => undefined : registry.prefetch;
}
