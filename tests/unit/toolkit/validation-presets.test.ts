import { describe, expect, it } from 'vitest';
import { compileColumns, validateRows } from '../../../src/toolkit/editable-table/validate';
import { VALIDATION_PRESETS, type PresetName } from '../../../src/contracts/validation-presets';
import type { EditableColumn, Row } from '../../../src/toolkit/editable-table/types';

const cases: Record<PresetName, { valid: string[]; invalid: string[] }> = {
  '*': { valid: ['a', ' '], invalid: [''] },
  // Labelled 6–16 digits; the pattern really allows 6–18 (docs/spec.md §5).
  'n6-16': { valid: ['123456', '1234567890123456', '12345678901234567', '123456789012345678'], invalid: ['12345', '1234567890123456789', '12345a'] },
  '*6-16': { valid: ['abc de', 'x'.repeat(16)], invalid: ['abcde', 'x'.repeat(17)] },
  's6-18': { valid: ['abcdef', 'ABCdefGHI', 'abc|de'], invalid: ['abcde', 'abc123', 'a'.repeat(19)] },
  url: { valid: ['http://example.com/a?b=1#c', 'example.com', 'https://shop.example.cn:8080/x'], invalid: ['http://exa mple.com', 'http://例子.com'] },
  e: { valid: ['user@mail.com', 'first.last@shop.com', 'a_b@host.com.cn'], invalid: ['user@mail.cn', 'user@com', 'no-at.com'] },
  m: { valid: ['13800138000', '19912345678'], invalid: ['12800138000', '1380013800', '23800138000'] },
  p: { valid: ['100080', '518000'], invalid: ['010080', '10008', '1000800'] },
  s: { valid: ['abc', 'ABCdef', 'a|b'], invalid: ['abc1', ''] },
  n: { valid: ['1', '-12', '3.14', '-0.5'], invalid: ['1.', '.5', 'abc', '1-2'] },
  z: { valid: ['0', '42', '-7'], invalid: ['1.5', 'x', ''] },
  money: { valid: ['1', '100', '0.5', '12.34', '12.'], invalid: ['012', '1.234', '-1', 'abc'] },
};

describe('editable-table validation presets', () => {
  for (const [name, { valid, invalid }] of Object.entries(cases)) {
    it(`${name}: accepts and rejects`, () => {
      const { pattern } = VALIDATION_PRESETS[name as PresetName];
      for (const value of valid) expect(pattern.test(value), `${name} ${value}`).toBe(true);
      for (const value of invalid) expect(pattern.test(value), `${name} ${value}`).toBe(false);
    });
  }

  it('reports the rule message, fills ${title}, skips empty optional values and checks uniqueness', () => {
    const columns: EditableColumn[] = [
      { key: 'code', title: '编码', type: 'input', validateRules: [{ required: true, message: '${title}不能为空' }, { pattern: 'only', message: '${title}不能重复' }] },
      { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm', message: '请输入正确的手机号' }] },
      { key: 'qty', title: '数量', type: 'number', validateRules: [{ handler: (value) => (Number(value) > 10 ? '数量不能超过10' : null), message: '' }] },
    ];
    const rows: Row[] = [
      { id: 'a', code: 'X1', phone: '13800138000', qty: 1 },
      { id: 'b', code: 'X1', phone: '', qty: 11 },
      { id: 'c', code: '', phone: '123', qty: 2 },
    ];
    const errors = validateRows(rows, compileColumns(columns));
    expect(errors.get('a')?.get('code')).toBe('编码不能重复');
    expect(errors.get('b')?.get('code')).toBe('编码不能重复');
    expect(errors.get('b')?.has('phone')).toBe(false);
    expect(errors.get('b')?.get('qty')).toBe('数量不能超过10');
    expect(errors.get('c')?.get('code')).toBe('编码不能为空');
    expect(errors.get('c')?.get('phone')).toBe('请输入正确的手机号');
    expect(errors.has('a') && errors.get('a')?.size).toBe(1);
  });

  it("treats pattern '*' as required", () => {
    const columns: EditableColumn[] = [{ key: 'name', title: '名称', type: 'input', validateRules: [{ pattern: '*', message: '必填' }] }];
    expect(validateRows([{ id: 'x', name: '' }], compileColumns(columns)).get('x')?.get('name')).toBe('必填');
  });
});
