/** Wire shapes of login, permissions and departments (docs/spec.md §3). */

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  nickname?: string;
  avatar?: string;
  /** Current department code. */
  orgCode?: string;
  phone?: string;
  email?: string;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  /** The item's tag colour (an antd preset name or `#rrggbb`), when it has one: a status's. */
  color?: string;
}

/** dictCode -> items */
export type DictMap = Record<string, DictItem[]>;

export interface Department {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}

export interface TenantRef {
  id: number;
  name: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: DictMap;
  departs: Department[];
  /** 0 none, 1 one (already current), 2 several (client offers the switch). */
  multi_depart: 0 | 1 | 2;
  tenantList: TenantRef[];
}

/**
 * A button/disable permission entry (docs/spec.md §3, §6). type '1' hides, '2' disables;
 * status '0' means the code is granted to everybody (not controlled).
 */
export interface PermissionEntry {
  action: string;
  type: '1' | '2';
  status?: '0' | '1';
  describe?: string;
}

export interface MenuMeta {
  title: string;
  icon?: string;
  url?: string;
  permissionList?: PermissionEntry[];
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
}

/** One server menu item (docs/spec.md §2 Dynamic routes, docs/reference/jeecg-conventions.md §3.3). */
export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** '0': menu only, no route. */
  route: '0' | '1';
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  /**
   * The shop's time zone (SHOP_TIME_ZONE, an IANA name): every time the screens show, take or compute ("today",
   * presets) is on this clock, whatever the browser's zone. A server that sends none means Asia/Shanghai.
   */
  shopTimeZone?: string;
}

/** The shop's zone when the server names none. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Shanghai';

export interface CurrentDepartsResult {
  list: Department[];
  /** The current department's orgCode. */
  orgCode: string | null;
}

export interface SelectDepartResult {
  userInfo: UserInfo;
}
