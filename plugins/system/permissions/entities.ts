import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';

/**
 * 菜单管理: the core `permissions` table (server/db/migrations/0001) — menus and their buttons,
 * the rows getUserPermissionByToken builds each user's menu and auth lists from.
 */

/** `menu_type` values (dictionary menu_type). */
export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

/** Button codes: letters, digits, `_` and `:`, several separated by commas. */
export const PERMS_PATTERN = /^[A-Za-z0-9_:]+(,[A-Za-z0-9_:]+)*$/;
/** A route path, or an external http(s) address. */
export const MENU_URL_PATTERN = /^(\/|https?:\/\/)/i;
/** Icon names as the menus store them: kebab-case antd names (`setting`, `bar-chart`). */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const permissionEntity = defineEntity({
  table: 'permissions',
  api: '/sys/permission',
  permission: 'system:permission',
  title: 'sysPermission:title',
  // Reads skip del_flag rows like the session menu does; delete itself removes the whole branch.
  softDelete: true,
  fields: {
    parentId: { type: 'ref', label: 'sysPermission:fields.parentId' },
    name: { type: 'string', label: 'sysPermission:fields.name', required: true, max: 100, search: 'like' },
    menuType: { type: 'int', label: 'sysPermission:fields.menuType', required: true, dict: 'menu_type' },
    url: { type: 'string', label: 'sysPermission:fields.url', max: 255 },
    component: { type: 'string', label: 'sysPermission:fields.component', max: 255 },
    componentName: { type: 'string', label: 'sysPermission:fields.componentName', max: 100 },
    redirect: { type: 'string', label: 'sysPermission:fields.redirect', max: 255 },
    icon: { type: 'string', label: 'sysPermission:fields.icon', max: 100 },
    sortNo: { type: 'decimal', format: 'number', label: 'sysPermission:fields.sortNo', min: 0, max: 99_999 },
    route: { type: 'boolean', label: 'sysPermission:fields.route' },
    hidden: { type: 'boolean', label: 'sysPermission:fields.hidden' },
    alwaysShow: { type: 'boolean', label: 'sysPermission:fields.alwaysShow' },
    keepAlive: { type: 'boolean', label: 'sysPermission:fields.keepAlive' },
    internalOrExternal: { type: 'boolean', label: 'sysPermission:fields.internalOrExternal' },
    perms: { type: 'string', label: 'sysPermission:fields.perms', max: 1000 },
    permsType: { type: 'string', label: 'sysPermission:fields.permsType', dict: 'perms_type' },
    status: { type: 'string', label: 'sysPermission:fields.status', dict: 'valid_status' },
  },
});

export type PermissionRecord = EntityRecord<typeof permissionEntity>;

/** A row of the 菜单管理 tree (GET /sys/permission/list): the record with its children. */
export type PermissionTreeRecord = PermissionRecord & { id: string; isLeaf: boolean; children?: PermissionTreeRecord[] };
