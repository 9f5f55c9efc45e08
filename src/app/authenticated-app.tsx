import { auditLogProvider } from '../providers/audit-log-provider';
import { Refine } from '@refinedev/core';
import routerProvider, { UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// The shop's clock: dayjs() is the shop's now for every screen and picker (src/toolkit/utils/shop-time.ts).
import '../toolkit/utils/shop-time';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { HOME_PATH, NOT_FOUND_PATH } from '../contracts/constants';
import type { PermissionResult } from '../contracts/session';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { liveProvider, useLiveQueryCache } from '../providers/live';
import { getApiBase } from '../providers/http';
import { i18nProvider } from '../providers/i18n/refine-i18n-provider';
import { session } from '../providers/session';
import { buildMenuTree, buildRoutes, flattenRoutes, permissionCodesOf } from '../routing/menu-routes';
import { localizeMenuTitles, menuTitlesOf } from '../routing/menu-titles';
import type { AppRoute } from '../routing/menu-routes';
import { hasRoutePath, menuRouteElements } from '../routing/route-elements';
import { underParents } from '../routing/route-chain';
import { RoutePage } from '../routing/route-page';
import { EXCEPTION_ROUTES, HOME_FALLBACK_ROUTE, STATIC_REDIRECTS, STATIC_ROUTES, toAppRoute } from '../routing/static-routes';
import { usePermissionBootstrap } from '../routing/use-permission-bootstrap';
import type { ExceptionStatus } from '../shell/exception/exception-page';
import { FullPageSpinner } from '../shell/full-page-spinner';
import { MainLayout } from '../shell/layouts/main-layout';
import { MenuTreeContext } from '../shell/menu/menu-context';
import { useDocumentTitle } from '../shell/use-document-title';
import { ContributedListsContext } from '../toolkit/detail/related-list';
import { ContributedActionsContext } from '../toolkit/crud/contributed-actions';
import { ContributedColumnsContext } from '../toolkit/crud/contributed-columns-context';
import { useAppNotificationProvider } from './notification-provider';
import { REFINE_OPTIONS } from './refine-options';
import { RefKindsContext } from '../toolkit/refs/ref-kinds';
import { useRegistry } from './registry-context';


function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    dayjs.locale(language?.startsWith('en') ? 'en' : 'zh-cn');
  }, [language]);
}

// The exception pages (antd's Result) load when one shows, not with every first screen.
const LazyExceptionPage = lazy(() => import('../shell/exception/exception-page').then((module) => ({ default: module.ExceptionPage })));

function ExceptionPage({ status }: { status: ExceptionStatus }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyExceptionPage status={status} />
    </Suspense>
  );
}

function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('route.notFound'));
  return <ExceptionPage status={404} />;
}

function AuthenticatedRoutes({ permissions }: { permissions: PermissionResult }) {
  const { t, i18n } = useTranslation('common');
  const registry = useRegistry();
  useLiveQueryCache();

  const { menuTree, menuRoutes, staticRoutes, flatRoutes } = useMemo(() => {
    const permissionCodes = permissionCodesOf(permissions);
    const urlContext = { apiBase: getApiBase(), token: session.getToken(), tenantId: session.getTenantId() };
    // Titles in the current language (menu, tabs, breadcrumb, search, dashboard tiles); `t` changes with it.
    const menu = localizeMenuTitles(permissions.menu, menuTitlesOf(i18n));
    const fromMenu = buildRoutes(menu, { permissionCodes, urlContext });
    const staticDefs = [...(hasRoutePath(fromMenu, HOME_PATH) ? [] : [HOME_FALLBACK_ROUTE]), ...STATIC_ROUTES, ...registry.staticRoutes];
    const statics: AppRoute[] = staticDefs.map((def) => toAppRoute(def, (key) => t(key)));
    const menuFlat = flattenRoutes(fromMenu);
    const exceptions = EXCEPTION_ROUTES.map(({ path, status }) =>
      toAppRoute({ path, name: `exception${status}`, component: '', titleKey: `route.exception${status}` }, (key) => t(key)),
    );
    return {
      menuTree: buildMenuTree(menu, permissionCodes),
      menuRoutes: fromMenu,
      staticRoutes: statics,
      flatRoutes: [...menuFlat, ...underParents(flattenRoutes(statics), (path) => staticDefs.find((def) => def.path === path)?.parent, menuFlat), ...flattenRoutes(exceptions)],
    };
  }, [permissions, registry, t, i18n]);

  // One list of page routes: matched by the outer <Routes>, rendered once per open tab by the layout.
  const pages = useMemo(
    () => [
      ...STATIC_REDIRECTS.map(({ from, to }) => <Route key={from} path={from} element={<Navigate to={to} replace />} />),
      ...menuRouteElements(menuRoutes),
      ...staticRoutes.map((route) => <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />),
      ...EXCEPTION_ROUTES.map(({ path, status }) => <Route key={path} path={path} element={<ExceptionPage status={status} />} />),
    ],
    [menuRoutes, staticRoutes],
  );

  return (
    <MenuTreeContext.Provider value={menuTree}>
      <ContributedListsContext.Provider value={registry.relatedListsOf}>
        <ContributedActionsContext.Provider value={registry.batchActionsOf}>
          <ContributedColumnsContext.Provider value={registry.listColumnsOf}>
            <RefKindsContext.Provider value={registry.refKindOf}>
              <Routes>
                <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
                <Route element={<MainLayout menu={menuTree} routes={flatRoutes} pages={pages} />}>{pages}</Route>
                <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
              </Routes>
            </RefKindsContext.Provider>
          </ContributedColumnsContext.Provider>
        </ContributedActionsContext.Provider>
      </ContributedListsContext.Provider>
    </MenuTreeContext.Provider>
  );
}

/** Everything behind the login: loaded as its own chunk once a token exists. */
export default function AuthenticatedApp() {
  const registry = useRegistry();
  const permissions = usePermissionBootstrap();
  useDayjsLocale();
  if (!permissions) return <FullPageSpinner />;
  return (
    <AntdApp>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        auditLogProvider={auditLogProvider}
        liveProvider={liveProvider}
        i18nProvider={i18nProvider}
        notificationProvider={useAppNotificationProvider}
        resources={registry.resources}
        options={REFINE_OPTIONS}
      >
        <AuthenticatedRoutes permissions={permissions} />
        <UnsavedChangesNotifier />
      </Refine>
    </AntdApp>
  );
}
