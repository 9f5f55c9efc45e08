import type { FieldType } from '../../src/contracts/entity';
import { VALIDATION_PRESETS, type PresetName } from '../../src/contracts/validation-presets';

/**
 * A field's pattern preset (FieldDefinition.pattern) on the server: the route schema's pattern, the check of
 * values that never pass a route schema (imports, numbers sent as numbers) and the words of a refusal.
 */

/** What a value of each preset should be, for the refusal (`联系电话格式不正确，应为手机号码`). */
export const PRESET_NAMES_ZH: Record<PresetName, string> = {
  '*': '非空值',
  'n6-16': '6到16位数字',
  '*6-16': '6到16位字符',
  's6-18': '6到18位字母',
  url: '网址',
  e: '电子邮箱',
  m: '手机号码',
  p: '邮政编码',
  s: '字母',
  n: '数字',
  z: '整数',
  money: '金额（最多两位小数）',
};

/** The types a preset applies to (their values travel as text or numbers; dates and booleans have their own form). */
export const PATTERN_TYPES: ReadonlySet<FieldType> = new Set(['string', 'text', 'dict', 'int', 'decimal', 'password']);

export const presetReason = (name: PresetName) => `格式不正确，应为${PRESET_NAMES_ZH[name]}`;

/** The schema's pattern of a preset: blank passes (an optional field left empty; required-ness is checked apart). */
export function presetSchemaPattern(name: PresetName): string {
  return `^$|(?:${VALIDATION_PRESETS[name].pattern.source})`;
}

const BY_SCHEMA_PATTERN = new Map(Object.keys(VALIDATION_PRESETS).map((name) => [presetSchemaPattern(name as PresetName), name as PresetName]));

/** The preset whose schema pattern failed (Ajv's `params.pattern`), or undefined for any other pattern. */
export function presetOfSchemaPattern(pattern: unknown): PresetName | undefined {
  return typeof pattern === 'string' ? BY_SCHEMA_PATTERN.get(pattern) : undefined;
}

export function matchesPreset(name: PresetName, text: string): boolean {
  return VALIDATION_PRESETS[name].pattern.test(text);
}
