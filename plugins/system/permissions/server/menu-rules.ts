import { ICON_NAME_PATTERN, MENU_TYPE, MENU_URL_PATTERN, PERMS_PATTERN } from '../entities';

/** What a menu or button needs, by 菜单类型 (messages in the product language). */

export const MSG_URL_REQUIRED = '菜单路径不能为空';
export const MSG_COMPONENT_REQUIRED = '前端组件不能为空';
export const MSG_PARENT_REQUIRED = '请选择上级菜单';
export const MSG_PERMS_REQUIRED = '授权标识不能为空';
export const MSG_PERMS_INVALID = '授权标识只能包含字母、数字、下划线和冒号，多个用英文逗号分隔';
export const MSG_URL_INVALID = '菜单路径须以 / 开头，外部链接须以 http:// 或 https:// 开头';
export const MSG_ICON_INVALID = '菜单图标名称不合法';
export const MSG_PARENT_CYCLE = '上级菜单不能是自己或自己的下级';
export const MSG_PARENT_NOT_FOUND = '上级菜单不存在';
export const MSG_PARENT_IS_BUTTON = '按钮权限不能作为上级菜单';
export const MSG_BUTTON_WITH_CHILDREN = '该菜单有下级，不能改为按钮权限';

/** The merged values of a menu row as the rules see them (stored values overlaid with the request's). */
export interface MenuValues {
  menuType: unknown;
  parentId: unknown;
  url: unknown;
  component: unknown;
  perms: unknown;
  icon: unknown;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The first broken rule's message, or null. Parent existence and cycles are checked against the table. */
export function menuRuleViolation(values: MenuValues): string | null {
  const type = Number(values.menuType);
  if (type === MENU_TYPE.sub || type === MENU_TYPE.button) {
    if (!filled(values.parentId)) return MSG_PARENT_REQUIRED;
  }
  if (type === MENU_TYPE.top || type === MENU_TYPE.sub) {
    if (!filled(values.url)) return MSG_URL_REQUIRED;
    if (!filled(values.component)) return MSG_COMPONENT_REQUIRED;
  }
  if (type === MENU_TYPE.button) {
    if (!filled(values.perms)) return MSG_PERMS_REQUIRED;
  }
  if (filled(values.perms) && !PERMS_PATTERN.test(values.perms)) return MSG_PERMS_INVALID;
  if (filled(values.url) && !MENU_URL_PATTERN.test(values.url)) return MSG_URL_INVALID;
  if (filled(values.icon) && !ICON_NAME_PATTERN.test(values.icon)) return MSG_ICON_INVALID;
  return null;
}
