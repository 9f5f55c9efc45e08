/**
 * Pattern presets of docs/spec.md §5 (docs/reference/jeecg-conventions.md §7.2), with their exact expressions: the editable table's validateRules
 * and an entity field's `pattern` (checked by the CRUD engine and the toolkit's forms alike).
 */
export const VALIDATION_PRESETS = {
  '*': { label: 'required', pattern: /^.+$/ },
  // Labelled 6–16 digits, but the pattern allows 6–18: the spec keeps that quirk.
  'n6-16': { label: '6-16 digits', pattern: /^\d{6,18}$/ },
  '*6-16': { label: '6-16 characters', pattern: /^.{6,16}$/ },
  's6-18': { label: '6-18 letters', pattern: /^[a-z|A-Z]{6,18}$/ },
  url: { label: 'url', pattern: /^(?:([A-Za-z]+):)?(\/{0,3})([0-9.\-A-Za-z]+)(?::(\d+))?(?:\/([^?#]*))?(?:\?([^#]*))?(?:#(.*))?$/ },
  e: { label: 'e-mail', pattern: /^([\w]+\.*)([\w]+)@[\w]+\.\w{3}(\.\w{2}|)$/ },
  m: { label: 'mobile', pattern: /^1[3456789]\d{9}$/ },
  p: { label: 'postal code', pattern: /^[1-9]\d{5}$/ },
  s: { label: 'letters', pattern: /^[A-Z|a-z]+$/ },
  n: { label: 'number', pattern: /^-?\d+(\.?\d+|\d?)$/ },
  z: { label: 'integer', pattern: /^-?\d+$/ },
  money: { label: 'money', pattern: /^(([1-9][0-9]*)|([0]\.\d{0,2}|[1-9][0-9]*\.\d{0,2}))$/ },
} as const;

export type PresetName = keyof typeof VALIDATION_PRESETS;

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_PRESETS, value);
}
