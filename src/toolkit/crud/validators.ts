import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { DuplicateCheckParams } from '../../contracts/validators';
import { VALIDATOR_API } from '../../contracts/validators';
import { http } from '../../providers/http';

/** Async form validators (docs/spec.md §5): the duplicate check and the rule check, with their skip rules. */

export function shouldCheckDuplicate(value: unknown): boolean {
  return value !== undefined && value !== null && String(value).trim() !== '';
}

export function shouldCheckRule(ruleCode: string | undefined | null, value: unknown): boolean {
  return typeof ruleCode === 'string' && ruleCode.trim() !== '' && shouldCheckDuplicate(value);
}

/** null when the value may be used, else the server's message. */
export async function checkDuplicate(params: DuplicateCheckParams): Promise<string | null> {
  if (!shouldCheckDuplicate(params.fieldVal)) return null;
  const query: DuplicateCheckParams = { tableName: params.tableName, fieldName: params.fieldName, fieldVal: String(params.fieldVal) };
  if (params.dataId) query.dataId = params.dataId;
  const answer = await http.get(VALIDATOR_API.duplicateCheck, query);
  return answer.success ? null : answer.message;
}

/** null when the value passes the rule, else the rule's message. The value goes URL-encoded. */
export async function checkRule(ruleCode: string, value: unknown): Promise<string | null> {
  if (!shouldCheckRule(ruleCode, value)) return null;
  const answer = await http.get(VALIDATOR_API.checkRule, { ruleCode, value: encodeURIComponent(String(value)) });
  return answer.success ? null : answer.message;
}

/** An antd rule for a confirmation field: when filled, it must equal `field` (put `field` in the item's dependencies). */
export function sameAsRule(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== undefined && value !== null && value !== '' && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

/** An antd rule running the duplicate check (skipped when empty). */
export function duplicateRule(target: { tableName: string; fieldName: string; dataId?: string }): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const message = await checkDuplicate({ ...target, fieldVal: shouldCheckDuplicate(value) ? String(value) : '' });
      if (message !== null) throw new Error(message);
    },
  };
}

/** An antd rule running a stored coding rule (skipped when code or value is empty). */
export function checkRuleRule(ruleCode: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const message = await checkRule(ruleCode, value);
      if (message !== null) throw new Error(message);
    },
  };
}
