import { describe, expect, it } from 'vitest';
import type { FieldChange } from '../../../src/contracts/data-log';
import { changeText } from '../../../src/toolkit/detail/record-history';

describe('a logged change as 修改记录 and 数据日志 show it', () => {
  it('shows the name the server gave a dictionary code or a record’s id, never the code or the id', () => {
    const status: FieldChange = { field: 'status', label: '状态', before: '1', after: '0', beforeText: '有效', afterText: '无效' };
    expect([changeText(status, 'before', '是', '否'), changeText(status, 'after', '是', '否')]).toEqual(['有效', '无效']);
    const member: FieldChange = { field: 'memberId', label: '会员', before: 'a'.repeat(32), after: 'b'.repeat(32), beforeText: '张三 13900000001', afterText: '李四 13900000002' };
    expect(changeText(member, 'after', '是', '否')).toBe('李四 13900000002');
  });

  it('shows a value nobody named as it is: text, yes/no, a dash for nothing', () => {
    const plain: FieldChange = { field: 'name', label: '名称', before: '旧', after: null };
    expect([changeText(plain, 'before', '是', '否'), changeText(plain, 'after', '是', '否')]).toEqual(['旧', '—']);
    const unnamed: FieldChange = { field: 'status', label: '状态', before: true, after: '9', beforeText: null, afterText: null };
    expect([changeText(unnamed, 'before', '是', '否'), changeText(unnamed, 'after', '是', '否')]).toEqual(['是', '9']);
  });
});
