import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { BrowserRouter } from 'react-router';
import { EntryGate } from '../routing/entry-gate';
import { PublicRoutes } from '../routing/public-routes';
import { PageErrorBoundary } from '../shell/exception/page-error-boundary';
import { FullPageSpinner } from '../shell/full-page-spinner';
import { AppProviders } from './app-providers';
import { loadWithTimeout } from './chunk-load';
import { createRegistry } from './plugin-registry';
import type { PluginDefinition } from './plugin-registry';
import { RegistryContext } from './registry-context';

// Everything after login (Refine, the main layout) is this one lazy chunk; the login page stays light.
const AuthenticatedApp = lazy(() => loadWithTimeout(() => import('./authenticated-app'), 'authenticated-app'));

/** The composition root hands the plugin list in; src/ itself never imports a plugin. */
export function createApp(plugins: readonly PluginDefinition[]): ComponentType {
  const registry = createRegistry(plugins);
  return function App() {
    return (
      <AppProviders>
        <RegistryContext.Provider value={registry}>
          {/* Navigations render at once, not as transitions: a transition held back (by an update such as a
              message arriving in the same tick) left the address bar ahead of the tabs and dialogs, which
              live in the URL; a lazy page shows its own spinner instead. */}
          <BrowserRouter useTransitions={false}>
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
        </RegistryContext.Provider>
      </AppProviders>
    );
  };
}
