import { Dropdown, Tabs } from 'antd';
import type { MenuProps, TabsProps } from 'antd';
import { Activity, useEffect, useMemo, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Routes, UNSAFE_RouteContext as RouteContext } from 'react-router';
import type { Location } from 'react-router';
import { PageTabContext } from '../../toolkit/crud/unsaved-changes';
import { pageSubtitles, usePageSubtitles } from '../../toolkit/detail/page-subtitle';
import { ScrollMemory } from './scroll-memory';
import type { TabAction } from './use-page-tabs';
import { usePageTabs } from './use-page-tabs';

interface MultiTabViewProps {
  /** The page <Route>s; each tab renders them against its own location. */
  pages: readonly ReactElement[];
  titleOf(pathname: string): string | undefined;
  /** What sits above each tab's page (its breadcrumb). */
  header(pathname: string): ReactNode;
  user: string;
}

function locationOf(key: string): Location {
  const url = new URL(key, 'http://tab.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: key };
}

// Each tab matches its location from the root, not below the layout route that renders it.
const ROOT_ROUTE_CONTEXT = { outlet: null, matches: [], isDataRoute: false };

const ACTIONS: readonly TabAction[] = ['refresh', 'closeLeft', 'closeRight', 'closeOthers'];

/**
 * docs/spec.md §2 Tabs, with pages that stay alive: every open tab renders its page against its own location;
 * hidden ones sit in a hidden <Activity>, so their state and DOM survive while their effects pause.
 */
export function MultiTabView({ pages, titleOf, header, user }: MultiTabViewProps) {
  const { t } = useTranslation('common');
  const { tabs, activeKey, activeId, refreshCounts, activate, close, act } = usePageTabs({ titleOf, user });
  // A detail page names its record in its tab (订单详情 · SO2026…), so that two of them are told apart.
  const subtitles = usePageSubtitles();
  useEffect(() => pageSubtitles.keepOnly(tabs.map((tab) => tab.id)), [tabs]);

  const menuItems: MenuProps['items'] = useMemo(() => ACTIONS.map((action) => ({ key: action, label: t(`tabs.${action}`) })), [t]);

  // Which tab's context menu is open, held here: left to each Dropdown, a refresh that remounts the
  // pane left the menu believing it was still open, so the next right-click only closed it.
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const keyOfId = (id: string) => tabs.find((tab) => tab.id === id)?.key;
  // Items are keyed by the tab's stable id, not its URL: antd remounts a pane whose key changes, and
  // a page that replaces its own URL (a dialog or filter kept in the query) must keep its state.
  const items: TabsProps['items'] = tabs.map((tab) => ({
    key: tab.id,
    label: (
      <span data-tab-key={tab.key}>
        {tab.title}
        {subtitles.has(tab.id) ? <span translate="no"> · {subtitles.get(tab.id)}</span> : null}
      </span>
    ),
    closable: true,
    children: (
      <Activity key={`${tab.id}:${refreshCounts.get(tab.id) ?? 0}`} mode={tab.key === activeKey ? 'visible' : 'hidden'}>
        {header(locationOf(tab.key).pathname)}
        {/* The forms of the page know their tab: closing or refreshing it asks when one holds unsaved changes. */}
        <PageTabContext.Provider value={tab.id}>
          <RouteContext.Provider value={ROOT_ROUTE_CONTEXT}>
            <Routes location={locationOf(tab.key)}>{pages}</Routes>
          </RouteContext.Provider>
        </PageTabContext.Provider>
      </Activity>
    ),
  }));

  return (
    <>
      <ScrollMemory activeId={activeId} />
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeId ?? ''}
        items={items}
        onChange={(id) => {
          const key = keyOfId(id);
          if (key !== undefined) activate(key);
        }}
        onEdit={(id, action) => {
          const key = typeof id === 'string' ? keyOfId(id) : undefined;
          if (action === 'remove' && key !== undefined) close(key);
        }}
        // The context menu covers the whole tab (not only its title), the home tab alone included.
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props}>
            {(node) => {
              const id = String(node.key);
              const key = keyOfId(id);
              return (
                <Dropdown
                  key={node.key}
                  trigger={['contextMenu']}
                  open={menuFor === id}
                  onOpenChange={(open) => setMenuFor(open ? id : null)}
                  menu={{
                    items: menuItems,
                    onClick: ({ key: action }) => {
                      setMenuFor(null);
                      if (key !== undefined) act(action as TabAction, key);
                    },
                  }}
                >
                  {node}
                </Dropdown>
              );
            }}
          </DefaultTabBar>
        )}
        aria-label={t('tabs.label')}
        className="page-tabs"
      />
      {/* Redirects and other non-page routes still render through the layout's outlet. */}
      {activeKey === null && <Outlet />}
    </>
  );
}
