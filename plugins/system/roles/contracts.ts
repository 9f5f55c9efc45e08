/**
 * The wire contract of 角色管理 and of the three permission-assignment kinds (role, department,
 * department role), read by both the screens and the server side. Paths are relative to the API base.
 */

export const ROLE_API = {
  base: '/sys/role',
  queryAll: '/sys/role/queryall',
  roleTree: '/sys/role/queryTreeList',
  /** POST {permissionId, roleId, dataRuleIds}; GET `${dataRule}/{permissionId}/{roleId}`. */
  dataRule: '/sys/role/datarule',
  permissionTree: '/sys/permission/queryTreeList',
  queryRolePermission: '/sys/permission/queryRolePermission',
  saveRolePermission: '/sys/permission/saveRolePermission',
  queryDepartPermission: '/sys/permission/queryDepartPermission',
  saveDepartPermission: '/sys/permission/saveDepartPermission',
  deptRolePermissionTree: '/sys/sysDepartPermission/queryTreeListForDeptRole',
  queryDeptRolePermission: '/sys/sysDepartPermission/queryDeptRolePermission',
  saveDeptRolePermission: '/sys/sysDepartPermission/saveDeptRolePermission',
  permRulesOfPermission: '/sys/permission/getPermRuleListByPermId',
  queryPermissionRule: '/sys/permission/queryPermissionRule',
  addPermissionRule: '/sys/permission/addPermissionRule',
  editPermissionRule: '/sys/permission/editPermissionRule',
  deletePermissionRule: '/sys/permission/deletePermissionRule',
} as const;

/**
 * The permission codes the server demands (admins hold all). The role CRUD routes use the engine's
 * `system:role:<action>`; the rest are listed here so the screens gate on the same codes.
 */
export const ROLE_CODES = {
  list: 'system:role:list',
  /** Reading and saving a role's permissions and data rules. */
  authorize: 'system:role:authorize',
  /** `queryall` feeds the user form's role picker. */
  queryAll: 'system:user:list',
  /** The permission tree and the data-rule reads are reads of the permissions table. */
  permissionTree: 'system:permission:list',
  /** Data-rule writes are part of editing a menu. */
  editPermissionRule: 'system:permission:edit',
  /** Granting a department permissions is editing the department (the 部门管理 screen gates its tab on it). */
  departAuthorize: 'system:depart:edit',
  /** Likewise for a department role (the 部门角色 授权 button is gated on it). */
  deptRoleAuthorize: 'system:depart:role:edit',
} as const;

/** The admin role holds every permission and cannot be deleted. */
export const ADMIN_ROLE_CODE = 'admin';

/** A permission as a tree node (conventions' TreeModel). */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle: string;
  value: string;
  parentId: string | null;
  /** 0 top menu, 1 sub menu, 2 button */
  menuType: number;
  isLeaf: boolean;
  /** 1 when data rules are configured for the permission. */
  ruleFlag: 0 | 1;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeResult {
  treeList: PermissionTreeNode[];
  /** Every id in the tree, for 全选. */
  ids: string[];
}

/** The body of saveRolePermission / saveDepartPermission / saveDeptRolePermission. */
export interface PermissionAssignment {
  permissionIds: string;
  lastpermissionIds: string;
}

export interface RoleTreeNode {
  key: string;
  title: string;
  value: string;
  isLeaf: true;
}

/** The comparisons a data rule may use; never interpolated into SQL by anything here, only stored. */
export const RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

/** A column name a data rule may name: a plain identifier. */
export const RULE_COLUMN_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export interface PermissionDataRule {
  id: string;
  /** The version it was read at (a save over a newer one is refused). */
  rowVersion?: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: RuleCondition;
  ruleValue: string;
  /** '1' valid, '0' invalid */
  status: '0' | '1';
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** GET /sys/role/datarule/{permissionId}/{roleId} */
export interface RoleDataRuleResult {
  datarule: PermissionDataRule[];
  /** The role's chosen rule ids, comma-joined (absent when none). */
  drChecked?: string;
}

/** GET /api/role (legacy listing): a role with the permission codes (buttons' perms) it grants. */
export interface LegacyRole {
  id: string;
  roleCode: string;
  roleName: string;
  description: string | null;
  permissionCodes: string[];
}

/** GET /api/permission (legacy listing): one row of the permissions table. */
export interface LegacyPermission {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  /** 0 top menu, 1 sub menu, 2 button */
  menuType: number;
  perms: string | null;
  permsType: string;
  status: string;
  sortNo: number;
  hidden: boolean;
  icon: string | null;
}

/** GET /api/service (legacy listing): one API route with the access it declares. */
export interface LegacyService {
  method: string;
  url: string;
  access: 'public' | 'authenticated' | 'static' | 'member' | { permission: string };
}
