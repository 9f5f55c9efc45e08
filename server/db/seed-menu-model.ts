/**
 * The shape of seeded menus (permissions menu_type 0/1), their buttons (menu_type 2) and dictionaries,
 * shared by the core seed and the plugins that bring their own (`defineServerPlugin({ menus, dicts })`).
 */
export interface ButtonSeed {
  title: string;
  perms: string;
  /** '1' hide when not granted, '2' disable when not granted */
  type: '1' | '2';
  /** '0': granted to everybody */
  status?: '0' | '1';
  /** Granted to the clerk role. */
  clerk?: boolean;
}

export interface MenuSeed {
  title: string;
  path: string;
  component: string;
  icon?: string;
  componentName?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  /** Opens `path` (an external URL) in a new window instead of an iframe. */
  internalOrExternal?: boolean;
  /** false: menu entry only, no client route. */
  route?: boolean;
  alwaysShow?: boolean;
  /** Position among its siblings; default: its place in the list (1-based). */
  sortNo?: number;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

export interface TopMenuSeed extends MenuSeed {
  /** Position among the top menus (core and plugins share one order). */
  sortNo: number;
  /** The clerk role gets this whole branch. */
  clerk: boolean;
}

/** Menus a plugin hangs under a menu somebody else seeds (e.g. 通告管理 under 系统管理 '/system'). */
export interface MenuBranchSeed extends MenuSeed {
  /** Path (`url`) of the parent menu. */
  parent: string;
  /** Position among the parent's children, interleaved with the parent owner's. */
  sortNo: number;
  /** The clerk role gets this branch. */
  clerk?: boolean;
}

/** What a plugin may seed: top menus, or branches under another menu. */
export type PluginMenuSeed = TopMenuSeed | MenuBranchSeed;

/** A dictionary: code, name, [value, text] pairs in display order, each with the colour of its tag (a status's). */
export interface DictSeed {
  code: string;
  name: string;
  items: Array<[string, string] | [string, string, DictColor]>;
}

/**
 * The colours a seeded item's tag may have: antd's preset names, each readable on its tint in both themes (the theme
 * darkens their text in light mode, src/app/theme.ts). By meaning: green done or active, blue in progress, orange
 * waiting for someone, red refused or failed, default (grey) closed or off.
 */
export type DictColor = 'green' | 'blue' | 'orange' | 'red' | 'gold' | 'purple' | 'cyan' | 'default';

/** The component of a parent menu that only lays out its children. */
export const ROUTE_VIEW = 'layouts/RouteView';

export const menuPage = (title: string, path: string, component: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  title,
  path,
  component,
  ...extra,
});

const ACTION_VERBS = {
  list: '查询',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  deleteBatch: '批量删除',
  exportXls: '导出',
  importExcel: '导入',
} as const;
export type EngineAction = keyof typeof ACTION_VERBS;
const ALL_ACTIONS = Object.keys(ACTION_VERBS) as EngineAction[];
export const WITHOUT_EXCEL: readonly EngineAction[] = ['list', 'add', 'edit', 'delete', 'deleteBatch'];

/** The buttons of a CRUD-engine screen: `<prefix>:<action>`, titled verb + noun (新增用户), hidden unless granted. */
export const entityButtons = (prefix: string, noun: string, actions: readonly EngineAction[] = ALL_ACTIONS): ButtonSeed[] =>
  actions.map((action) => ({ title: `${ACTION_VERBS[action]}${noun}`, perms: `${prefix}:${action}`, type: '1' }));
