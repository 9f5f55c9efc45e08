import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { BrowserRouter } from 'react-router';
import { EntryGate } from '../routing/entry-gate';
import { PublicRoutes } from '../routing/public-routes';
import { PageErrorBoundary } from '../shell/exception/page-error-boundary';
import { FullPageSpinner } from '../shell/full-page-spinner';
import { PrerenderCleanup } from '../shell/user/prerendered-login';
import { AppProviders } from './app-providers';
import { loadWithTimeout } from './chunk-load';
import type { PluginDefinition } from './plugin-registry';
import { RegistryContext } from './registry-context';

/** The plugin list, or a loader for it (main.tsx: the plugins' definitions stay out of the login bundle). */
export type PluginSource = readonly PluginDefinition[] | (() => Promise<readonly PluginDefinition[]>);

/**
 * Everything after login (Refine, the main layout, the plugins and their registry) is one lazy step; the
 * login page stays light. The registry is made once, when the authenticated app first loads.
 */
function lazyAuthenticatedApp(source: PluginSource): ComponentType {
  const loadPlugins = typeof source === 'function' ? source : () => Promise.resolve(source);
  return lazy(() =>
    loadWithTimeout(
      () =>
        Promise.all([import('./authenticated-app'), import('./plugin-registry'), loadPlugins()]).then(([module, { createRegistry }, plugins]) => {
          const registry = createRegistry(plugins);
          const Authenticated = module.default;
          return {
            default: function AuthenticatedWithRegistry() {
              return (
                <RegistryContext.Provider value={registry}>
                  <Authenticated />
                </RegistryContext.Provider>
              );
            },
          };
        }),
      'authenticated-app',
    ),
  );
}

/** The composition root hands the plugin list in; src/ itself never imports a plugin. */
export function createApp(plugins: PluginSource): ComponentType {
  const AuthenticatedApp = lazyAuthenticatedApp(plugins);
  return function App() {
    return (
      <AppProviders>
        {/* Navigations render at once, not as transitions: a transition held back (by an update such as a
            message arriving in the same tick) left the address bar ahead of the tabs and dialogs, which
            live in the URL; a lazy page shows its own spinner instead. */}
        <BrowserRouter useTransitions={false}>
          <PrerenderCleanup />
          <PageErrorBoundary>
            <EntryGate
              publicRoutes={<PublicRoutes />}
              app={
                <Suspense fallback={<FullPageSpinner />}>
                  <AuthenticatedApp />
                </Suspense>
              }
            />
          </PageErrorBoundary>
        </BrowserRouter>
      </AppProviders>
    );
  };
}
