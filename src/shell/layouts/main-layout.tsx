import { Drawer, Layout } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { MenuItem } from '../../contracts/session';
import { getApiBase } from '../../providers/http';
import { session } from '../../providers/session';
import type { FlatRoute } from '../../routing/menu-routes';
import { renderMetaUrl } from '../../routing/meta-url';
import { findRouteChain } from '../../routing/route-chain';
import { AppBreadcrumb } from '../breadcrumb/app-breadcrumb';
import { MainHeader } from '../header/main-header';
import { SideMenu } from '../menu/side-menu';
import { useDocumentTitle } from '../use-document-title';
import { MOBILE_QUERY, useMediaQuery } from '../use-media-query';
import { GlobalFooter } from './global-footer';
import { SiderBrand } from './sider-brand';

/** Spec §9: the side menu folds below this width. */
const NARROW_QUERY = '(max-width: 1087.99px)';
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
const MENU_THEME = 'dark';

interface MainLayoutProps {
  menu: readonly MenuItem[];
  /** Every renderable route with its breadcrumb chain (menu, static and exception routes). */
  routes: readonly FlatRoute[];
}

/** Side menu (a drawer on phones), header, breadcrumb, page and footer (spec §2 Layouts). */
export function MainLayout({ menu, routes }: MainLayoutProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const [chosenCollapsed, setChosenCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collapsed = chosenCollapsed ?? isNarrow;

  const chain = findRouteChain(routes, pathname) ?? [];
  useDocumentTitle(chain.at(-1)?.title);
  const renderUrl = useCallback(
    (url: string) => renderMetaUrl(url, { apiBase: getApiBase(), token: session.getToken(), tenantId: session.getTenantId() }),
    [],
  );

  const sideMenu = (folded: boolean) => (
    <SideMenu
      items={menu}
      activeChain={chain.map((entry) => entry.path)}
      collapsed={folded}
      theme={MENU_THEME}
      renderUrl={renderUrl}
      onOpened={() => setDrawerOpen(false)}
      ariaLabel={t('layout.mainMenu')}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <SiderBrand collapsed={false} />
          {sideMenu(false)}
        </Drawer>
      ) : (
        <Layout.Sider
          theme={MENU_THEME}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
        >
          <SiderBrand collapsed={collapsed} />
          {sideMenu(collapsed)}
        </Layout.Sider>
      )}
      <Layout>
        <MainHeader
          collapsed={isMobile ? !drawerOpen : collapsed}
          onToggle={() => (isMobile ? setDrawerOpen((open) => !open) : setChosenCollapsed(!collapsed))}
        />
        <Layout.Content style={{ margin: 24 }}>
          <AppBreadcrumb chain={chain} pathname={pathname} />
          <Outlet />
        </Layout.Content>
        <GlobalFooter />
      </Layout>
    </Layout>
  );
}
