import { createElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';
import type { ResourceProps } from '@refinedev/core';
import type { RelatedList } from '../toolkit/detail/related-list';
import type { BatchActionProps, ContributedBatchAction } from '../toolkit/crud/contributed-actions';
import type { ContributedColumns } from '../toolkit/crud/contributed-columns-context';
import type { RefKind } from '../contracts/references';
import type { RefKindView } from '../toolkit/refs/ref-kinds';
import { loadNamespace as loadI18nNamespace } from '../providers/i18n';
import { loadWithTimeout } from './chunk-load';
import { BUILT_IN_LAYOUTS } from './built-in-layouts';

export interface PageModule {
  default: ComponentType;
}

export type PageLoader = () => Promise<PageModule>;

/** A route a plugin adds outside the server menu (e.g. a detail page opened from a list). */
export interface PluginStaticRoute {
  path: string;
  name: string;
  /** Server-menu style component path the page is registered under. */
  component: string;
  /** Key in the plugin's locale namespace. */
  titleKey: string;
  keepAlive?: boolean;
  /** The menu page it belongs to (a detail under its list): the breadcrumb shows that page's chain first. */
  parent?: string;
}

/**
 * A list one plugin adds as a tab to another's detail page (the orders of a member on 会员详情)
 * without either importing the other: the detail page asks the registry for the lists of its table.
 */
export interface PluginRelatedList extends RelatedList {
  /** The table of the detail page's entity (e.g. `cust_member`). */
  target: string;
}

/** Columns one plugin adds to another's list (商品评分 on 商品SPU), from its entity keyed by the list row's id. */
export interface PluginListColumns extends Omit<ContributedColumns, 'namespaces'> {
  /** The table of the list it joins (e.g. `goods_spu`). */
  target: string;
}

/** A batch action one plugin adds to another's list (发送优惠券 on the member list); its dialog is a lazy chunk. */
export interface PluginBatchAction {
  /** The table of the list it joins (e.g. `cust_member`). */
  target: string;
  key: string;
  /** i18n key in the plugin's namespace. */
  label: string;
  permission: string;
  load: () => Promise<{ default: ComponentType<BatchActionProps> }>;
}

export interface PluginDefinition {
  /** Also the plugin's locale namespace (`locales/<lng>/<name>.json`). */
  name: string;
  /** Further namespaces the plugin's pages use; all load with any of its pages, before it renders. */
  namespaces?: readonly string[];
  resources?: ResourceProps[];
  /** Pages keyed by the server-menu component path, each its own lazy chunk. */
  pages: Record<string, PageLoader>;
  staticRoutes?: PluginStaticRoute[];
  relatedLists?: PluginRelatedList[];
  batchActions?: PluginBatchAction[];
  listColumns?: PluginListColumns[];
  /**
   * The kinds of record it owns (src/contracts/references.ts): where a reference to one links and how a form picks
   * one. Any plugin's list that references the kind shows it so, without knowing the owner.
   */
  references?: Partial<Record<RefKind, RefKindView>>;
}

export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}

export interface RegistryOptions {
  loadNamespace?: (namespace: string) => Promise<unknown>;
  timeoutMs?: number;
}

export interface PageRegistry {
  has(componentPath: string): boolean;
  /** The lazily loaded page, a built-in layout, or the MODULE_NOT_FOUND page for an unknown path. */
  resolve(componentPath: string): ComponentType;
  /** The resolved page as an element (the same component every time for one path). */
  element(componentPath: string): ReactElement;
  /** Loads a registered page (rejects with ChunkLoadError after the chunk timeout). */
  load(componentPath: string): Promise<PageModule>;
  readonly resources: ResourceProps[];
  readonly staticRoutes: PluginStaticRoute[];
  readonly namespaces: string[];
  /** The lists other plugins add to the detail page of `table`, each with its plugin's namespaces. */
  relatedListsOf(table: string): RelatedList[];
  /** The batch actions other plugins add to the list of `table`. */
  batchActionsOf(table: string): ContributedBatchAction[];
  /** The columns other plugins add to the list of `table`, each with its plugin's namespaces. */
  listColumnsOf(table: string): ContributedColumns[];
  /** How the plugin that owns a kind of record shows and picks it; undefined when none does. */
  refKindOf(kind: RefKind): RefKindView | undefined;
}

interface RegisteredPage {
  namespaces: readonly string[];
  loader: PageLoader;
}

/**
 * The toolkit's own namespaces: every plugin page renders toolkit components; the dictionaries' words ('dict': a list's
 * tags and selects read them) are loaded with the page's chunk, not after its first render, which held the list's
 * request back by one more round trip.
 */
const TOOLKIT_NAMESPACES = ['crud', 'toolkit', 'dict'] as const;

const ModuleNotFoundPage = lazy(() => import('../shell/exception/module-not-found-page'));

/** Menu component paths come as `system/UserList`, `/system/UserList` or `system/UserList.vue`. */
export function normaliseComponentPath(componentPath: string): string {
  return componentPath.trim().replace(/^\/+/, '').replace(/^views\//, '').replace(/\.(vue|tsx?|jsx?)$/, '');
}

/**
 * What plugins add to another plugin's table (tabs, batch actions, columns), asked by table: one array per table,
 * the same each time, so a page's memos keep their inputs between renders.
 */
function byTable<T>(entries: ReadonlyArray<{ target: string; entry: T }>): (table: string) => T[] {
  const byTarget = new Map<string, T[]>();
  return (table) => {
    let found = byTarget.get(table);
    if (found === undefined) {
      found = entries.filter((entry) => entry.target === table).map(({ entry }) => entry);
      byTarget.set(table, found);
    }
    return found;
  };
}

export function createRegistry(plugins: readonly PluginDefinition[], options: RegistryOptions = {}): PageRegistry {
  const loadNamespace = options.loadNamespace ?? loadI18nNamespace;
  const pages = new Map<string, RegisteredPage>();
  for (const plugin of plugins) {
    for (const [path, loader] of Object.entries(plugin.pages)) {
      const namespaces = [plugin.name, ...(plugin.namespaces ?? []), ...TOOLKIT_NAMESPACES];
      pages.set(normaliseComponentPath(path), { namespaces, loader });
    }
  }
  // One lazy component per path: a fresh React.lazy on every render would remount the page.
  const resolved = new Map<string, ComponentType>();

  function load(componentPath: string): Promise<PageModule> {
    const key = normaliseComponentPath(componentPath);
    const page = pages.get(key);
    if (!page) return Promise.reject(new Error(`MODULE_NOT_FOUND: ${key}`));
    return loadWithTimeout(
      () => Promise.all([page.loader(), ...page.namespaces.map(loadNamespace)]).then(([module]) => module),
      key,
      options.timeoutMs,
    );
  }

  function missing(key: string): ComponentType {
    const Missing = () => createElement(ModuleNotFoundPage, { componentPath: key });
    Missing.displayName = `ModuleNotFound(${key})`;
    return Missing;
  }

  function resolve(componentPath: string): ComponentType {
    const key = normaliseComponentPath(componentPath);
    const cached = resolved.get(key);
    if (cached) return cached;
    const builtIn = BUILT_IN_LAYOUTS[key];
    const component: ComponentType | LazyExoticComponent<ComponentType> =
      builtIn ?? (pages.has(key) ? lazy(() => load(key)) : missing(key));
    resolved.set(key, component);
    return component;
  }

  const namespacesOf = (plugin: PluginDefinition): string[] => [plugin.name, ...(plugin.namespaces ?? [])];
  const relatedListsOf = byTable(plugins.flatMap((plugin) => (plugin.relatedLists ?? []).map(({ target, ...list }) => ({ target, entry: { ...list, namespaces: namespacesOf(plugin) } }))));
  const listColumnsOf = byTable(plugins.flatMap((plugin) => (plugin.listColumns ?? []).map(({ target, ...columns }) => ({ target, entry: { ...columns, namespaces: namespacesOf(plugin) } }))));
  // One lazy dialog per action (a fresh React.lazy per render would remount it), loaded with its namespaces.
  const batchActionsOf = byTable(
    plugins.flatMap((plugin) =>
      (plugin.batchActions ?? []).map(({ target, load: loadDialog, ...action }) => {
        const namespaces = namespacesOf(plugin);
        const dialog = lazy(() => Promise.all([loadDialog(), ...namespaces.map((namespace) => loadNamespace(namespace))]).then(([module]) => module));
        return { target, entry: { ...action, dialog, namespaces } };
      }),
    ),
  );

  const refKinds = new Map<RefKind, RefKindView>();
  for (const plugin of plugins) {
    for (const [kind, view] of Object.entries(plugin.references ?? {}) as Array<[RefKind, RefKindView]>) {
      if (refKinds.has(kind)) throw new Error(`Reference kind "${kind}" is described by two plugins`);
      refKinds.set(kind, view);
    }
  }

  return {
    has: (componentPath) => {
      const key = normaliseComponentPath(componentPath);
      return pages.has(key) || key in BUILT_IN_LAYOUTS;
    },
    resolve,
    element: (componentPath) => createElement(resolve(componentPath)),
    load,
    resources: plugins.flatMap((plugin) => plugin.resources ?? []),
    staticRoutes: plugins.flatMap((plugin) => plugin.staticRoutes ?? []),
    namespaces: plugins.flatMap((plugin) => [plugin.name, ...(plugin.namespaces ?? [])]),
    relatedListsOf,
    batchActionsOf,
    listColumnsOf,
    refKindOf: (kind) => refKinds.get(kind),
  };
}
