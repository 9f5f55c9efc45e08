import type { ApiResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
import { ROLE_API, type PermissionDataRule, type RuleCondition } from '../../roles/contracts';

/** What the 数据规则 form edits; the permission it belongs to travels beside it. */
export interface DataRuleValues {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: RuleCondition;
  ruleValue: string;
  /** '1' valid, '0' invalid */
  status: '0' | '1';
}

export interface DataRuleSearch {
  ruleName?: string;
  ruleValue?: string;
}

/** The rules of one menu, filtered by name / value (substring) when given. */
export function queryDataRules(permissionId: string, search: DataRuleSearch): Promise<ApiResult<PermissionDataRule[]>> {
  const params: Record<string, string> = { permissionId };
  const name = search.ruleName?.trim() ?? '';
  const value = search.ruleValue?.trim() ?? '';
  if (name !== '') params.ruleName = name;
  if (value !== '') params.ruleValue = value;
  return http.get<PermissionDataRule[]>(ROLE_API.queryPermissionRule, params);
}

export function addDataRule(permissionId: string, values: DataRuleValues): Promise<ApiResult<PermissionDataRule>> {
  return http.post<PermissionDataRule>(ROLE_API.addPermissionRule, { permissionId, ...values });
}

export function editDataRule(id: string, permissionId: string, values: DataRuleValues): Promise<ApiResult<PermissionDataRule>> {
  return http.put<PermissionDataRule>(ROLE_API.editPermissionRule, { id, permissionId, ...values });
}

export function deleteDataRule(id: string): Promise<ApiResult<null>> {
  return http.delete<null>(ROLE_API.deletePermissionRule, { id });
}
