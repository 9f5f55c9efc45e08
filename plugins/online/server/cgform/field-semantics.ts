import { createHash } from 'node:crypto';
import type { FieldDefinition } from '../../../../src/contracts/entity';
import { isPresetName, VALIDATION_PRESETS, type PresetName } from '../../../../src/contracts/validation-presets';
import { hasControlCharacters, INT4, isCalendarDate, isCalendarDateTime } from '../../../../server/kit';
import type { CgformField } from '../../cgform-api';

/**
 * What a form field's settings mean beyond its column (pure, no database): its validation type (fieldValidType),
 * its default (dbDefaultVal), its table dictionary (dictTable) and its popup picker (fieldShowType 'popup'). The
 * checks that need the database (the dictionary's form, the popup's report) are in cgform/field-refs.ts.
 */

export const FIELD_MESSAGES = {
  badValidType: (name: string) => `校验规则不合法：${name}`,
  badDefault: (name: string) => `默认值不合法：${name}`,
  tableDictMissing: (name: string) => `表字典不存在：${name}`,
  tableDictFieldMissing: (name: string) => `表字典字段不存在：${name}`,
  popupNotConfigured: (name: string) => `弹框配置不完整：${name}（需要报表编码、报表字段和回填字段）`,
  popupCountMismatch: (name: string) => `弹框的报表字段与回填字段数量不一致：${name}`,
  popupTargetMissing: (name: string) => `弹框回填字段不存在：${name}`,
  popupReportMissing: (name: string) => `弹框报表不存在：${name}`,
  popupColumnMissing: (name: string) => `弹框报表字段不存在：${name}`,
} as const;

const hasText = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export const splitNames = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

// ---- fieldValidType ------------------------------------------------------------------------------------

/** 'only' = unique, '*' = required, any other docs/spec.md §5 preset = the value's pattern. */
export type ValidRule = { unique?: true; required?: true; pattern?: PresetName };

/** The rule of a field's validation type; null when it names nothing known. Dates have no pattern. */
export function validRuleOf(field: CgformField): ValidRule | null {
  const type = field.fieldValidType?.trim() ?? '';
  if (type === '') return {};
  if (type === 'only') return { unique: true };
  if (type === '*') return { required: true };
  if (!isPresetName(type) || field.dbType === 'Date' || field.dbType === 'Datetime') return null;
  return { pattern: type };
}

// ---- dbDefaultVal --------------------------------------------------------------------------------------

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

/**
 * Whether a default fits its field: a whole number in range for int, a number within precision and scale for a
 * decimal, an existing date (time) for Date/Datetime, at most dbLength characters for text, the field's own
 * pattern. A dictionary field's default need not be one of the dictionary's values (they change at run time).
 */
export function defaultFits(field: CgformField, value: string, pattern: PresetName | undefined): boolean {
  switch (field.dbType) {
    case 'int':
      return INTEGER.test(value) && Number(value) >= INT4.min && Number(value) <= INT4.max && (pattern === undefined || VALIDATION_PRESETS[pattern].pattern.test(value));
    case 'double':
    case 'BigDecimal': {
      const match = DECIMAL.exec(value);
      const scale = field.dbPointLength ?? 2;
      const digits = (match?.[1] ?? '').replace(/^0+(?=\d)/, '');
      return match !== null && digits.length <= field.dbLength - scale && (match[2] ?? '').length <= scale && (pattern === undefined || VALIDATION_PRESETS[pattern].pattern.test(value));
    }
    case 'Date':
      return isCalendarDate(value);
    case 'Datetime':
      return isCalendarDateTime(value);
    case 'Text':
      return !hasControlCharacters(value, true) && (pattern === undefined || VALIDATION_PRESETS[pattern].pattern.test(value));
    default:
      return !hasControlCharacters(value, false) && value.length <= field.dbLength && (pattern === undefined || VALIDATION_PRESETS[pattern].pattern.test(value));
  }
}

/** The entity's defaultValue of a field (a number for numeric columns), or undefined when it has none. */
export function defaultValueOf(field: CgformField): FieldDefinition['defaultValue'] {
  if (!hasText(field.dbDefaultVal)) return undefined;
  const value = field.dbDefaultVal.trim();
  return field.dbType === 'int' || field.dbType === 'double' || field.dbType === 'BigDecimal' ? Number(value) : value;
}

// ---- dictTable -------------------------------------------------------------------------------------------

/**
 * A field's table dictionary: (a) `dictTable` alone names a table dictionary registered on the server
 * (`sys_user_realname`, `sys_depart` …); (b) `dictTable` with `dictText` names another form's table, its value
 * column `dictField` (`id` when blank) and its text column `dictText`.
 */
export type TableDict = { kind: 'registered'; code: string } | { kind: 'form'; table: string; valueField: string; textField: string };

export function tableDictOf(field: CgformField): TableDict | undefined {
  if (field.fieldShowType === 'popup' || !hasText(field.dictTable)) return undefined;
  const table = field.dictTable.trim();
  if (!hasText(field.dictText)) return { kind: 'registered', code: table };
  return { kind: 'form', table, valueField: hasText(field.dictField) ? field.dictField.trim() : 'id', textField: field.dictText.trim() };
}

/** The prefix of the dictionary codes of forms' tables (DictionaryService resolves them through the online plugin). */
export const FORM_DICT_PREFIX = 'onl_dict_';

/** The dictionary code of a form's table dictionary: readable when it fits a code, a digest otherwise. */
export function formDictCode(dict: { table: string; valueField: string; textField: string }): string {
  const readable = `${FORM_DICT_PREFIX}${dict.table}__${dict.valueField}__${dict.textField}`;
  const plain = [dict.table, dict.valueField, dict.textField].every((name) => !name.includes('__'));
  if (plain && readable.length <= 64) return readable;
  return `${FORM_DICT_PREFIX}${createHash('sha1').update(`${dict.table},${dict.valueField},${dict.textField}`).digest('hex').slice(0, 32)}`;
}

/** The `dict` of the entity field: the registered code, or the code of the form's dictionary. */
export function dictCodeOf(field: CgformField): string | undefined {
  const dict = tableDictOf(field);
  if (dict === undefined) return field.fieldShowType !== 'popup' && hasText(field.dictField) ? field.dictField.trim() : undefined;
  return dict.kind === 'registered' ? dict.code : formDictCode(dict);
}

// ---- popup ---------------------------------------------------------------------------------------------

/** JeecgBoot's popup: dictTable = the report's code, dictField = its columns, dictText = this form's fields to fill. */
export interface PopupSettings {
  report: string;
  columns: string[];
  targets: string[];
}

export function popupOf(field: CgformField): PopupSettings | undefined {
  if (field.fieldShowType !== 'popup') return undefined;
  return { report: field.dictTable?.trim() ?? '', columns: splitNames(field.dictField), targets: splitNames(field.dictText) };
}
