import { Suspense } from 'react';
import { useRegistry } from '../app/registry-context';
import { PageErrorBoundary } from '../shell/exception/page-error-boundary';
import { PageSpinner } from '../shell/page-spinner';
import { CurrentRouteContext } from './current-route';
import type { AppRoute } from './menu-routes';

/** A leaf route's page from the registry, with its own loading and failure states. */
export function RoutePage({ route }: { route: AppRoute }) {
  const page = useRegistry().element(route.component);
  return (
    <CurrentRouteContext.Provider value={route}>
      <PageErrorBoundary resetKey={route.path}>
        <Suspense fallback={<PageSpinner />}>
          {page}
        </Suspense>
      </PageErrorBoundary>
    </CurrentRouteContext.Provider>
  );
}
