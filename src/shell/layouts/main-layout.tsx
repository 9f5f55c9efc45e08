import { Drawer, Layout } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useUserInfo } from '../../app/use-session';
import type { MenuItem } from '../../contracts/session';
import { getApiBase } from '../../providers/http';
import { session } from '../../providers/session';
import type { FlatRoute } from '../../routing/menu-routes';
import { renderMetaUrl } from '../../routing/meta-url';
import { findRouteChain } from '../../routing/route-chain';
import { AppBreadcrumb } from '../breadcrumb/app-breadcrumb';
import { MainHeader } from '../header/main-header';
import { FlatRoutesContext } from '../menu/flat-routes-context';
import { SideMenu } from '../menu/side-menu';
import { settingsStore, useAppSettings } from '../settings/settings-store';
import { MultiTabView } from '../tabs/multi-tab-view';
import { useDocumentTitle } from '../use-document-title';
import { MOBILE_QUERY, useMediaQuery } from '../use-media-query';
import { GlobalFooter } from './global-footer';
import { NARROW_QUERY } from './main-layout-queries';
import { SiderBrand } from './sider-brand';
import { useAutoHideHeader } from './use-auto-hide-header';
import { useScrolling } from './use-scrolling';

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Fixed content width of the top-menu layout. */
export const FIXED_CONTENT_WIDTH = 1200;

interface MainLayoutProps {
  menu: readonly MenuItem[];
  /** Every renderable route with its breadcrumb chain (menu, static and exception routes). */
  routes: readonly FlatRoute[];
  /** The page <Route>s, rendered once per open tab in multi-tab mode. */
  pages: readonly ReactElement[];
}

/** Side or top menu (a drawer on phones), header, tabs or a single page, and footer (docs/spec.md §2 Layouts). */
export function MainLayout({ menu, routes, pages }: MainLayoutProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const settings = useAppSettings();
  const user = useUserInfo();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Narrow screens fold the menu (docs/spec.md §9); unfolding it there is a choice for this visit only.
  const [narrowOpen, setNarrowOpen] = useState(false);
  const collapsed = isNarrow ? !narrowOpen : !settings.sidebarOpen;
  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const scrolling = useScrolling();

  const chain = findRouteChain(routes, pathname) ?? [];
  useDocumentTitle(chain.at(-1)?.title);
  const renderUrl = useCallback(
    (url: string) => renderMetaUrl(url, { apiBase: getApiBase(), token: session.getToken(), tenantId: session.getTenantId() }),
    [],
  );
  const titleOf = useCallback((path: string) => findRouteChain(routes, path)?.at(-1)?.title, [routes]);
  const breadcrumbOf = useCallback(
    (path: string) => <AppBreadcrumb chain={findRouteChain(routes, path) ?? []} pathname={path} />,
    [routes],
  );

  const menuOf = (mode: 'inline' | 'horizontal', folded: boolean) => (
    <SideMenu
      items={menu}
      activeChain={chain.map((entry) => entry.path)}
      collapsed={folded}
      theme={settings.menuTheme}
      mode={mode}
      renderUrl={renderUrl}
      onOpened={() => setDrawerOpen(false)}
      ariaLabel={t('layout.mainMenu')}
    />
  );

  const fixedSider = settings.fixedSidebar && !topMenu;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const headerStyle: CSSProperties = settings.fixedHeader
    ? { position: 'sticky', top: 0, zIndex: 9, transition: 'transform 0.2s', transform: headerHidden ? 'translateY(-100%)' : 'none' }
    : {};
  const contentStyle: CSSProperties =
    topMenu && settings.contentWidth === 'Fixed'
      ? { margin: '24px auto', maxWidth: FIXED_CONTENT_WIDTH, width: '100%', padding: '0 24px' }
      : { margin: 24 };

  const contentBody = useMemo(
    () =>
      settings.multipage ? (
        <MultiTabView pages={pages} titleOf={titleOf} header={breadcrumbOf} user={user?.username ?? ''} />
      ) : (
        <>
          {breadcrumbOf(pathname)}
          <Outlet />
        </>
      ),
    [settings.multipage, pages, titleOf, breadcrumbOf, user?.username, pathname],
  );

  return (
    <FlatRoutesContext.Provider value={routes}>
    <Layout style={{ minHeight: '100vh' }} data-layout={topMenu ? 'topmenu' : 'sidemenu'} data-menu-theme={settings.menuTheme} data-scrolling={scrolling ? 'true' : 'false'}>
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={SIDER_WIDTH}
          closable={false}
          title={null}
          aria-label={t('layout.mainMenu')}
          styles={{ body: { padding: 0, background: settings.menuTheme === 'dark' ? '#001529' : undefined } }}
        >
          <SiderBrand collapsed={false} onDark={settings.menuTheme === 'dark'} />
          {menuOf('inline', false)}
        </Drawer>
      )}
      {!isMobile && !topMenu && (
        <Layout.Sider
          theme={settings.menuTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          data-fixed={fixedSider ? 'true' : 'false'}
          style={fixedSider ? { position: 'fixed', left: 0, top: 0, bottom: 0, height: '100vh', overflow: 'auto', zIndex: 10 } : undefined}
        >
          <SiderBrand collapsed={collapsed} onDark={settings.menuTheme === 'dark'} />
          {menuOf('inline', collapsed)}
        </Layout.Sider>
      )}
      <Layout style={fixedSider ? { marginLeft: siderWidth, transition: 'margin-left 0.2s' } : undefined}>
        <MainHeader
          collapsed={isMobile ? !drawerOpen : collapsed}
          showToggle={!topMenu}
          onToggle={() => {
            if (isMobile) setDrawerOpen((open) => !open);
            else if (isNarrow) setNarrowOpen(collapsed);
            else settingsStore.update({ sidebarOpen: collapsed });
          }}
          style={headerStyle}
          hidden={headerHidden}
          brand={topMenu ? <SiderBrand collapsed={false} onDark={settings.menuTheme === 'dark'} /> : null}
          topMenu={topMenu ? menuOf('horizontal', false) : null}
          menuTheme={settings.menuTheme}
        />
        <Layout.Content style={contentStyle}>{contentBody}</Layout.Content>
        <GlobalFooter />
      </Layout>
    </Layout>
    </FlatRoutesContext.Provider>
  );
}
