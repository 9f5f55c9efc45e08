import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadWithTimeout } from '../app/chunk-load';
import { LOGIN_PATH } from '../contracts/constants';
import { loadNamespace } from '../providers/i18n';
import { UserLayout } from '../shell/layouts/user-layout';
import LoginPage from '../shell/user/login-page';
import { ALTERATION_PATH, REGISTER_PATH, REGISTER_RESULT_PATH } from './public-paths';
import { LazySpin } from '../shell/lazy-spin';

interface PublicRoute {
  path: string;
  name: string;
  Page: ComponentType;
}

/** The route name that gets the wide user layout (docs/spec.md §2 Layouts). */
export const WIDE_USER_ROUTE_NAME = 'registerStore';

/** A page of its own chunk, shown once its strings (namespace `user`) are loaded too. */
function accountPage(label: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(() => loadWithTimeout(() => Promise.all([load(), loadNamespace('user')]).then(([page]) => page), label));
}

/** Rendered from the entry chunk: keep these pages free of Refine and the main layout. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: LOGIN_PATH, name: 'login', Page: LoginPage },
  { path: REGISTER_PATH, name: 'register', Page: accountPage('register', () => import('../shell/user/register-page')) },
  {
    path: REGISTER_RESULT_PATH,
    name: 'registerResult',
    Page: accountPage('register-result', () => import('../shell/user/register-result-page')),
  },
  { path: ALTERATION_PATH, name: 'alteration', Page: accountPage('alteration', () => import('../shell/user/alteration-page')) },
];

export function PublicRoutes() {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path, name, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <UserLayout wide={name === WIDE_USER_ROUTE_NAME}>
              <Suspense fallback={<LazySpin size="large" style={{ display: 'block', margin: '48px auto' }} />}>
                <Page />
              </Suspense>
            </UserLayout>
          }
        />
      ))}
    </Routes>
  );
}
