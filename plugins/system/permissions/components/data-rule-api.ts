import type { RuleCondition } from '../../roles/contracts';

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
