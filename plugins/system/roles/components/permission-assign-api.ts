import type { ApiResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
import { ROLE_API, type PermissionAssignment, type PermissionTreeResult, type RoleDataRuleResult } from '../contracts';

/** Who receives the permissions: a role, a department, or a role of a department. */
export type PermissionOwner =
  | { kind: 'role'; roleId: string }
  | { kind: 'depart'; departId: string }
  | { kind: 'deptRole'; departId: string; roleId: string };

/** The tree the owner may be given: every permission, or for a department role only its department's. */
export function loadPermissionTree(owner: PermissionOwner): Promise<ApiResult<PermissionTreeResult>> {
  if (owner.kind === 'deptRole') return http.get<PermissionTreeResult>(ROLE_API.deptRolePermissionTree, { departId: owner.departId });
  return http.get<PermissionTreeResult>(ROLE_API.permissionTree);
}

/** The permission ids the owner holds now. */
export function loadGrantedPermissions(owner: PermissionOwner): Promise<ApiResult<string[]>> {
  switch (owner.kind) {
    case 'role':
      return http.get<string[]>(ROLE_API.queryRolePermission, { roleId: owner.roleId });
    case 'depart':
      return http.get<string[]>(ROLE_API.queryDepartPermission, { departId: owner.departId });
    case 'deptRole':
      return http.get<string[]>(ROLE_API.queryDeptRolePermission, { roleId: owner.roleId });
  }
}

/** Saves the difference between what was granted and what is checked; the server answers 保存成功！. */
export function savePermissions(owner: PermissionOwner, assignment: PermissionAssignment): Promise<ApiResult<null>> {
  switch (owner.kind) {
    case 'role':
      return http.post<null>(ROLE_API.saveRolePermission, { roleId: owner.roleId, ...assignment });
    case 'depart':
      return http.post<null>(ROLE_API.saveDepartPermission, { departId: owner.departId, ...assignment });
    case 'deptRole':
      return http.post<null>(ROLE_API.saveDeptRolePermission, { roleId: owner.roleId, departId: owner.departId, ...assignment });
  }
}

export function loadRoleDataRules(permissionId: string, roleId: string): Promise<ApiResult<RoleDataRuleResult>> {
  return http.get<RoleDataRuleResult>(`${ROLE_API.dataRule}/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`);
}

export function saveRoleDataRules(permissionId: string, roleId: string, dataRuleIds: readonly string[]): Promise<ApiResult<null>> {
  return http.post<null>(ROLE_API.dataRule, { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });
}
