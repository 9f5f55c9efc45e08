import { describe, expect, it } from 'vitest';
import type { FieldChange } from '../../../src/contracts/data-log';
import { changeText, type LoggedWords } from '../../../src/toolkit/detail/record-history';

const WORDS: LoggedWords = { yes: '是', no: '否', record: '（关联记录）' };

describe('a logged change as 修改记录 and 数据日志 show it', () => {
  it('shows the name the server gave a dictionary code or a record’s id, never the code or the id', () => {
    const status: FieldChange = { field: 'status', label: '状态', before: '1', after: '0', beforeText: '有效', afterText: '无效' };
    expect([changeText(status, 'before', WORDS), changeText(status, 'after', WORDS)]).toEqual(['有效', '无效']);
    const member: FieldChange = { field: 'memberId', label: '会员', before: 'a'.repeat(32), after: 'b'.repeat(32), beforeText: '张三 13900000001', afterText: '李四 13900000002' };
    expect(changeText(member, 'after', WORDS)).toBe('李四 13900000002');
  });

  it('shows a value nobody named as it is: text, yes/no, a dash for nothing', () => {
    const plain: FieldChange = { field: 'name', label: '名称', before: '旧', after: null };
    expect([changeText(plain, 'before', WORDS), changeText(plain, 'after', WORDS)]).toEqual(['旧', '—']);
    const unnamed: FieldChange = { field: 'status', label: '状态', before: true, after: '9', beforeText: null, afterText: null };
    expect([changeText(unnamed, 'before', WORDS), changeText(unnamed, 'after', WORDS)]).toEqual(['是', '9']);
  });

  it('never shows a generated id nobody named: it reads as a linked record', () => {
    const template: FieldChange = { field: 'deliveryTemplateId', label: '运费模板', before: 'c'.repeat(32), after: '0123456789abcdef0123456789ABCDEF', beforeText: null, afterText: null };
    expect([changeText(template, 'before', WORDS), changeText(template, 'after', WORDS)]).toEqual(['（关联记录）', '（关联记录）']);
    // A short code or a number is a value of its own, shown as it is.
    expect(changeText({ field: 'code', label: '编码', before: 'A01', after: 12 }, 'after', WORDS)).toBe('12');
  });
});
