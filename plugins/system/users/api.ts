/** The users screen's own calls besides the engine routes (relative to the API base, docs/spec.md §7 Users). */
export const USER_API = {
  list: '/sys/user/list',
  add: '/sys/user/add',
  edit: '/sys/user/edit',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  frozenBatch: '/sys/user/frozenBatch',
  queryUserRole: '/sys/user/queryUserRole',
  userDepartList: '/sys/user/userDepartList',
  checkOnlyUser: '/sys/user/checkOnlyUser',
  changePassword: '/sys/user/changePassword',
  queryUserByDepId: '/sys/user/queryUserByDepId',
  /** Built by the roles and departments areas; the form degrades when they do not answer. */
  allRoles: '/sys/role/queryall',
  departTree: '/sys/sysDepart/queryTreeList',
} as const;

/** Permission codes of the routes beyond the engine's `system:user:<action>`. */
export const USER_PERMISSIONS = {
  frozenBatch: 'system:user:frozenBatch',
  changePassword: 'system:user:changePassword',
} as const;

/** user_status dictionary values. */
export const USER_STATUS = { normal: 1, frozen: 2 } as const;

/** The one account nobody may delete or freeze (the seeded super administrator). */
export const SUPER_ADMIN_USERNAME = 'admin';

/** `userDepartList` result entries (conventions: key = department id, title = its name). */
export interface UserDepartEntry {
  key: string;
  title: string;
}

/** Length of a password an administrator sets (the same 6 to 64 as 密码修改). */
export const PASSWORD_LIMITS = { min: 6, max: 64 } as const;
