import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MenuItem } from '../../contracts/session';
import { useFlatRoutes } from './flat-routes-context';
import { MenuIcon } from './menu-icons';
import { joinMenuPath, menuTarget, openInNewWindow } from './menu-target';

type AntdMenuItem = Required<MenuProps>['items'][number];

interface IndexedItem {
  item: MenuItem;
  path: string;
}

function buildItems(items: readonly MenuItem[], parentPath: string, index: Map<string, IndexedItem>): AntdMenuItem[] {
  return items.map((item) => {
    const path = joinMenuPath(parentPath, item.path);
    index.set(path, { item, path });
    const children = item.children ?? [];
    return {
      key: path,
      icon: <MenuIcon name={item.meta?.icon} />,
      label: item.meta?.title ?? item.name,
      ...(children.length > 0 ? { children: buildItems(children, path, index) } : {}),
    };
  });
}

export interface SideMenuProps {
  items: readonly MenuItem[];
  /** Paths of the current route's breadcrumb chain, outermost first. */
  activeChain: readonly string[];
  collapsed: boolean;
  /** docs/spec.md §2: the side menu is dark unless told otherwise. */
  theme?: 'dark' | 'light';
  /** inline at the side, horizontal in the top-menu layout (same menu data). */
  mode?: 'inline' | 'horizontal';
  renderUrl(url: string): string;
  /** Called after an item was opened (the mobile drawer closes). */
  onOpened?(): void;
  ariaLabel: string;
}

/** docs/spec.md §2 Layouts: inline menu from the server menu tree; items navigate by route name or path. */
export function SideMenu({ items, activeChain, collapsed, theme = 'dark', mode = 'inline', renderUrl, onOpened, ariaLabel }: SideMenuProps) {
  const navigate = useNavigate();
  const routes = useFlatRoutes();
  const pathOfRouteNamed = useMemo(() => {
    // A name two routes share names neither: such items open by path.
    const byName = new Map<string, string | null>();
    for (const route of routes) byName.set(route.name, byName.has(route.name) ? null : route.path);
    return (name: string) => byName.get(name) ?? undefined;
  }, [routes]);
  const { menuItems, index } = useMemo(() => {
    const built = new Map<string, IndexedItem>();
    return { menuItems: buildItems(items, '', built), index: built };
  }, [items]);

  const selectedKey = [...activeChain].reverse().find((path) => index.has(path));
  const chainKey = activeChain.join('|');
  const [openKeys, setOpenKeys] = useState<string[]>(() => activeChain.slice(0, -1).filter((path) => index.has(path)));
  const [unfoldedFor, setUnfoldedFor] = useState(chainKey);
  if (unfoldedFor !== chainKey) {
    // Opening a page from elsewhere (a link, the breadcrumb) unfolds its menu branch.
    setUnfoldedFor(chainKey);
    const parents = activeChain.slice(0, -1).filter((path) => index.has(path));
    setOpenKeys((current) => [...new Set([...current, ...parents])]);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = index.get(key);
    if (!entry) return;
    const target = menuTarget(entry.item, entry.path, renderUrl, pathOfRouteNamed);
    if (target.kind === 'window') openInNewWindow(target.url);
    else navigate(target.path);
    onOpened?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={menuItems}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...(collapsed || mode === 'horizontal' ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      aria-label={ariaLabel}
    />
  );
}
