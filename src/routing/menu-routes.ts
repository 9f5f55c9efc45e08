import type { MenuItem, MenuMeta, PermissionEntry, PermissionResult } from '../contracts/session';
import { renderMetaUrl } from './meta-url';
import type { MetaUrlContext } from './meta-url';

export type { MetaUrlContext } from './meta-url';

/** One route built from a server menu item (docs/spec.md §2 Dynamic routes). */
export interface AppRoute {
  path: string;
  name: string;
  /** Component path, after the online-list aliases. */
  component: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  /** The component is a layout (`layouts/…`), not a page. */
  isLayout: boolean;
  /** Opens its meta.url in a new window instead of rendering it. */
  external: boolean;
  meta: MenuMeta;
  children: AppRoute[];
}

export interface BuildRoutesOptions {
  /** When given, an item carrying meta.permissionList needs one of its actions in this set. */
  permissionCodes?: Set<string>;
  urlContext: MetaUrlContext;
}

const ONLINE_FORM_LIST = 'modules/online/cgform/auto/OnlCgformAutoList';
const ONLINE_REPORT_LIST = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/** Online-form/report list variants all open the built-in generated list screens. */
export const ONLINE_COMPONENT_ALIASES: Readonly<Record<string, string>> = {
  [ONLINE_FORM_LIST]: ONLINE_FORM_LIST,
  'modules/online/cgform/auto/OnlCgformTreeList': ONLINE_FORM_LIST,
  'modules/online/cgform/auto/erp/OnlCgformErpList': ONLINE_FORM_LIST,
  'modules/online/cgform/auto/tab/OnlCgformTabList': ONLINE_FORM_LIST,
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': ONLINE_FORM_LIST,
  [ONLINE_REPORT_LIST]: ONLINE_REPORT_LIST,
};

function normalizeComponent(component: string | null | undefined): string {
  const trimmed = (component ?? '').trim().replace(/^\/+/, '').replace(/\.(vue|tsx?|jsx?)$/, '');
  return ONLINE_COMPONENT_ALIASES[trimmed] ?? trimmed;
}

export function isLayoutComponent(component: string): boolean {
  return component.includes('layouts');
}

function actionsOf(entry: PermissionEntry): string[] {
  return entry.action
    .split(',')
    .map((action) => action.trim())
    .filter(Boolean);
}

/** The codes a user holds for route filtering: own auth codes plus system codes open to everybody. */
export function permissionCodesOf(permissions: Pick<PermissionResult, 'auth' | 'allAuth'>): Set<string> {
  const codes = new Set<string>();
  for (const entry of permissions.auth) for (const action of actionsOf(entry)) codes.add(action);
  for (const entry of permissions.allAuth) {
    if (entry.status === '0') for (const action of actionsOf(entry)) codes.add(action);
  }
  return codes;
}

function isPermitted(item: MenuItem, codes: Set<string> | undefined): boolean {
  const required = item.meta?.permissionList ?? [];
  if (!codes || required.length === 0) return true;
  return required.some((entry) => actionsOf(entry).some((action) => codes.has(action)));
}

function isRouteless(item: MenuItem): boolean {
  return String(item.route) === '0';
}

function joinPath(parent: string, path: string): string {
  if (!path) return parent || '/';
  if (path.startsWith('/') || /^https?:\/\//.test(path)) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

function buildRoute(item: MenuItem, parentPath: string, options: BuildRoutesOptions): AppRoute {
  const path = joinPath(parentPath, item.path);
  const component = normalizeComponent(item.component);
  const meta: MenuMeta = { ...item.meta };
  if (typeof meta.url === 'string' && meta.url !== '') meta.url = renderMetaUrl(meta.url, options.urlContext);
  const alwaysShow = item.alwaysShow === true;
  const redirect = alwaysShow ? path : item.redirect || undefined;
  return {
    path,
    name: item.name,
    component,
    ...(redirect ? { redirect } : {}),
    hidden: item.hidden === true,
    alwaysShow,
    isLayout: isLayoutComponent(component),
    external: meta.internalOrExternal === true,
    meta,
    children: buildChildren(item.children ?? [], path, options),
  };
}

function buildChildren(items: readonly MenuItem[], parentPath: string, options: BuildRoutesOptions): AppRoute[] {
  return items
    .filter((item) => !isRouteless(item) && isPermitted(item, options.permissionCodes))
    .map((item) => buildRoute(item, parentPath, options));
}

/** Server menu → routes: route '0' items skipped, aliases applied, permission-filtered (docs/spec.md §2). */
export function buildRoutes(menu: readonly MenuItem[], options: BuildRoutesOptions): AppRoute[] {
  return buildChildren(menu, '', options);
}

/**
 * The side menu: visible items only; a parent whose children are all hidden becomes hidden itself
 * (docs/spec.md §4). Menu-only items (route '0') stay in the menu. An alwaysShow item is a leaf.
 */
export function buildMenuTree(menu: readonly MenuItem[], permissionCodes?: Set<string>): MenuItem[] {
  const visible: MenuItem[] = [];
  for (const item of menu) {
    if (item.hidden === true || !isPermitted(item, permissionCodes)) continue;
    const children = item.children ?? [];
    // JeecgBoot's "aggregate child routes": one entry opening its own page, its children not listed.
    if (children.length === 0 || item.alwaysShow === true) {
      visible.push({ ...item, children: [] });
      continue;
    }
    const visibleChildren = buildMenuTree(children, permissionCodes);
    if (visibleChildren.length === 0) continue;
    visible.push({ ...item, children: visibleChildren });
  }
  return visible;
}

export interface BreadcrumbEntry {
  title: string;
  path: string;
}

/** A leaf route (or an alwaysShow route, which renders itself) with the chain that leads to it (breadcrumb, menu search). */
export interface FlatRoute {
  path: string;
  name: string;
  title: string;
  /** The route or one of its ancestors is hidden from the menu. */
  hidden: boolean;
  route: AppRoute;
  /** From the top-level ancestor down to the route itself. */
  breadcrumb: BreadcrumbEntry[];
}

export function flattenRoutes(routes: readonly AppRoute[]): FlatRoute[] {
  const flat: FlatRoute[] = [];
  const walk = (route: AppRoute, chain: BreadcrumbEntry[], hiddenAbove: boolean) => {
    const breadcrumb = [...chain, { title: route.meta.title, path: route.path }];
    const hidden = hiddenAbove || route.hidden;
    if (route.children.length === 0 || route.alwaysShow) {
      flat.push({ path: route.path, name: route.name, title: route.meta.title, hidden, route, breadcrumb });
    }
    // An alwaysShow route's children are pages of its own (not menu entries), reachable by path.
    for (const child of route.children) walk(child, breadcrumb, hidden || route.alwaysShow);
  };
  for (const route of routes) walk(route, [], false);
  return flat;
}
