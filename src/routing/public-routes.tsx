import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { LOGIN_PATH } from '../contracts/constants';
import { UserLayout } from '../shell/layouts/user-layout';
import LoginPage from '../shell/user/login-page';

interface PublicRoute {
  path: string;
  name: string;
  Page: ComponentType;
}

/** The route name that gets the wide user layout (spec §2 Layouts). */
export const WIDE_USER_ROUTE_NAME = 'registerStore';

/** Rendered from the entry chunk: keep these pages free of Refine and the main layout. */
const PUBLIC_ROUTES: readonly PublicRoute[] = [{ path: LOGIN_PATH, name: 'login', Page: LoginPage }];

export function PublicRoutes() {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path, name, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <UserLayout wide={name === WIDE_USER_ROUTE_NAME}>
              <Page />
            </UserLayout>
          }
        />
      ))}
    </Routes>
  );
}
