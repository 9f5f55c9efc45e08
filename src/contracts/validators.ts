/** Form validator endpoints (docs/reference/jeecg-conventions.md §6.1–6.2), relative to the API base; server and client share them. */
export const VALIDATOR_API = {
  duplicateCheck: '/sys/duplicate/check',
  duplicateCheckDel: '/sys/duplicate/checkDel',
  checkRule: '/sys/checkRule/checkByCode',
} as const;

/** Duplicate check payload (docs/spec.md §3). */
export interface DuplicateCheckParams {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  dataId?: string;
}
