/** Pure parts of the CRUD toolkit: search form → list parameters, URL dialog state, validator skip rules. */
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineEntity } from '../../../src/contracts/entity';
import { buildListQuery } from '../../../src/providers/data-provider';
import { http } from '../../../src/providers/http';
import { searchFilters } from '../../../src/toolkit/crud/search-query';
import { readModalState, writeModalState } from '../../../src/toolkit/crud/url-state';
import { checkDuplicate, checkRule, sameAsRule, shouldCheckDuplicate, shouldCheckRule } from '../../../src/toolkit/crud/validators';

const entity = defineEntity({
  table: 'probe_items',
  api: '/probe/item',
  permission: 'probe:item',
  fields: {
    name: { type: 'string', label: 'p:name', search: 'like' },
    code: { type: 'string', label: 'p:code', search: 'eq' },
    tags: { type: 'dict', label: 'p:tags', dict: 'tag', search: 'in' },
    qty: { type: 'int', label: 'p:qty', search: 'range' },
    at: { type: 'datetime', label: 'p:at', search: 'range' },
    note: { type: 'text', label: 'p:note' },
  },
});

describe('search form → list parameters', () => {
  it('maps each search mode onto the conventions value rules', () => {
    const filters = searchFilters(entity, {
      name: ' abc ',
      code: 'X1',
      tags: ['a', 'b'],
      qty: [1, 5],
      at: [dayjs('2024-01-02 10:00:00'), dayjs('2024-01-03 08:00:00')],
      note: 'ignored: not a search field',
    });
    expect(buildListQuery({ filters, pagination: { currentPage: 2, pageSize: 20 } })).toEqual({
      pageNo: 2,
      pageSize: 20,
      name: '*abc*',
      code: 'X1',
      tags: 'a,b',
      qty_begin: 1,
      qty_end: 5,
      at_begin: '2024-01-02',
      at_end: '2024-01-03',
    });
  });

  it('sends a datetime range picked by days as plain days, so the server ends it at the last microsecond of its last day', () => {
    // Picked at any time of day (the picker keeps the clock's), the days are what count.
    const filters = searchFilters(entity, { at: [dayjs('2024-01-02 23:10:00'), dayjs('2024-01-03 00:00:00')] });
    expect(buildListQuery({ filters, pagination: { mode: 'off' } })).toEqual({ at_begin: '2024-01-02', at_end: '2024-01-03' });
    // Never an end of 23:59:59, which would leave out a record at 23:59:59.500.
    expect(JSON.stringify(buildListQuery({ filters: searchFilters(entity, { at: [undefined, dayjs('2024-01-03 08:00:00')] }), pagination: { mode: 'off' } }))).toBe('{"at_end":"2024-01-03"}');
  });

  it('keeps a bound that is already text exactly as it is (a time someone chose, from the address bar)', () => {
    const filters = searchFilters(entity, { at: ['2024-01-02 08:30:00', ' 2024-01-03 17:45:30 '] });
    expect(buildListQuery({ filters, pagination: { mode: 'off' } })).toEqual({ at_begin: '2024-01-02 08:30:00', at_end: '2024-01-03 17:45:30' });
  });

  it('drops empty values and one-sided ranges keep their side', () => {
    const filters = searchFilters(entity, { name: '', code: undefined, tags: [], qty: [undefined, 9] });
    expect(buildListQuery({ filters, pagination: { mode: 'off' } })).toEqual({ qty_end: 9 });
  });
});

describe('dialog state in the URL', () => {
  it('reads and writes create / edit, keeping other parameters', () => {
    const params = new URLSearchParams('items=abc&page=2');
    const editing = writeModalState(params, { mode: 'edit', id: 'f00d' });
    expect(editing.toString()).toBe('items=abc&page=2&edit=f00d');
    expect(readModalState(editing)).toEqual({ mode: 'edit', id: 'f00d' });
    const creating = writeModalState(editing, { mode: 'create' });
    expect(readModalState(creating)).toEqual({ mode: 'create' });
    expect(writeModalState(creating, null).toString()).toBe('items=abc&page=2');
  });

  it('keeps nested lists apart with a prefix and ignores malformed ids', () => {
    const params = writeModalState(new URLSearchParams(), { mode: 'edit', id: 'x1' }, 'item');
    expect(params.toString()).toBe('itemEdit=x1');
    expect(readModalState(params)).toBeNull();
    expect(readModalState(params, 'item')).toEqual({ mode: 'edit', id: 'x1' });
    expect(readModalState(new URLSearchParams('edit=<script>'))).toBeNull();
  });
});

describe('validators', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('skip rules: empty values, and empty rule codes', () => {
    expect(shouldCheckDuplicate('')).toBe(false);
    expect(shouldCheckDuplicate('  ')).toBe(false);
    expect(shouldCheckDuplicate(null)).toBe(false);
    expect(shouldCheckDuplicate('a')).toBe(true);
    expect(shouldCheckDuplicate(0)).toBe(true);
    expect(shouldCheckRule('', 'a')).toBe(false);
    expect(shouldCheckRule('mobile', '')).toBe(false);
    expect(shouldCheckRule('mobile', '1')).toBe(true);
  });

  it('does not call the server when skipped, and shows the server message on failure', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ success: false, message: '该值不可用，系统中已存在！', code: 500, result: null, timestamp: 0 });
    expect(await checkDuplicate({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: '' })).toBeNull();
    expect(await checkRule('', 'x')).toBeNull();
    expect(get).not.toHaveBeenCalled();
    expect(await checkDuplicate({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: 'sex', dataId: 'id1' })).toBe('该值不可用，系统中已存在！');
    expect(get).toHaveBeenCalledWith('/sys/duplicate/check', { tableName: 'dicts', fieldName: 'dict_code', fieldVal: 'sex', dataId: 'id1' });
  });

  it('sends the rule-check value URL-encoded', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ success: true, message: 'ok', code: 200, result: null, timestamp: 0 });
    expect(await checkRule('mobile', 'a b&c')).toBeNull();
    expect(get).toHaveBeenCalledWith('/sys/checkRule/checkByCode', { ruleCode: 'mobile', value: 'a%20b%26c' });
  });

  it('sameAsRule: a filled confirmation must equal the other field; an empty one is left to required', async () => {
    const rule = sameAsRule('password', '两次输入的密码不一样！');
    const form = { getFieldValue: (name: string) => (name === 'password' ? 'secret1' : undefined) } as unknown as Parameters<Extract<typeof rule, (...args: never[]) => unknown>>[0];
    const { validator } = typeof rule === 'function' ? rule(form) : rule;
    const check = (value: unknown) => validator?.({}, value, () => undefined);
    await expect(check('secret1')).resolves.toBeUndefined();
    await expect(check('')).resolves.toBeUndefined();
    await expect(check(undefined)).resolves.toBeUndefined();
    await expect(check('secret2')).rejects.toThrow('两次输入的密码不一样！');
  });
});
