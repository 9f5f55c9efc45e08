/**
 * A field's pattern preset in the engine's input schema (no server needed): every docs/spec.md §5 preset compiles under the
 * app's Ajv (unicode regular expressions), an empty value passes, a miss is worded with the field's label and what
 * the value should be; the engine's own check says the same for values no schema saw (imports, numbers).
 */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/contracts/entity';
import { VALIDATION_PRESETS, type PresetName } from '../../src/contracts/validation-presets';
import { fieldInputSchema } from '../../server/crud/entity-schemas';
import { presetSchemaPattern } from '../../server/crud/pattern-presets';
import { validateInput } from '../../server/crud/validate';
import { schemaIssueMessage, type SchemaIssue } from '../../server/http/validation-message';
import { createAjv } from '../../server/http/validator';

const samples: Record<PresetName, [string, string]> = {
  '*': ['x', ''],
  'n6-16': ['123456', '12345'],
  '*6-16': ['abcdef', 'abc'],
  's6-18': ['abcdef', 'abc123'],
  url: ['https://example.com/a?b=1', 'http://exa mple'],
  e: ['shop.admin@example.com', 'not-a-mail'],
  m: ['13800138000', '12345'],
  p: ['518000', '018000'],
  s: ['abc', 'ab1'],
  n: ['-12.5', '1.2.3'],
  z: ['-12', '1.5'],
  money: ['12.34', '12.345'],
};

describe('pattern presets in the input schema', () => {
  it('each compiles under the app’s Ajv, passes its sample, refuses its miss and lets an empty value through', () => {
    const ajv = createAjv();
    for (const name of Object.keys(VALIDATION_PRESETS) as PresetName[]) {
      const validate = ajv.compile({ type: 'object', properties: { value: fieldInputSchema({ type: 'string', label: 'x', pattern: name }, '字段') } });
      const [good, bad] = samples[name];
      expect(validate({ value: good }), name).toBe(true);
      expect(validate({ value: '' }), name).toBe(true);
      if (bad !== '') expect(validate({ value: bad }), `${name} ${bad}`).toBe(false);
    }
  });

  it('words a miss with the label and the preset', () => {
    const ajv = createAjv();
    const validate = ajv.compile({ type: 'object', properties: { phone: fieldInputSchema({ type: 'string', label: 'x', pattern: 'm' }, '联系电话') } });
    expect(validate({ phone: '12345' })).toBe(false);
    expect(schemaIssueMessage((validate.errors ?? []) as SchemaIssue[], 'body')).toBe('参数校验失败：联系电话 格式不正确，应为手机号码');
    expect(presetSchemaPattern('m')).toBe(`^$|(?:${VALIDATION_PRESETS.m.pattern.source})`);
  });

  it('the engine checks values no schema saw, and an add takes a left-out field’s default', async () => {
    const fields: Record<string, FieldDefinition> = { phone: { type: 'string', label: '联系电话', pattern: 'm' }, qty: { type: 'int', label: '数量', defaultValue: 3 } };
    const entity = { table: 'probe', api: '/probe/p', permission: 'probe:p', fields };
    const options = { mode: 'add' as const, label: (name: string) => fields[name]?.label ?? name, dictItems: async () => null };
    const refused = await validateInput(entity, { phone: 12345 }, options);
    expect(refused.issues).toEqual([{ field: 'phone', message: '联系电话格式不正确，应为手机号码' }]);
    const added = await validateInput(entity, { phone: '13800138000' }, options);
    expect(added).toEqual({ values: { phone: '13800138000', qty: 3 }, issues: [] });
    const edited = await validateInput(entity, { phone: '13800138000' }, { ...options, mode: 'edit' });
    expect(edited.values).toEqual({ phone: '13800138000' });
  });
});
