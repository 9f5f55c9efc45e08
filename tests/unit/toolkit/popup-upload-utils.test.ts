import { describe, expect, it, vi } from 'vitest';
import { checkPopupParams, destinationValues, POPUP_CACHE_MS, POPUP_MODAL_WIDTH } from '../../../src/toolkit/popup/popup-params';
import { keepLast, moveFile, nameFromPath, responsePath, shortFileName } from '../../../src/toolkit/upload/upload-values';
import { debounce, DEFAULT_DEBOUNCE_MS, ellipsis, randomId } from '../../../src/toolkit/utils';

describe('popup picker parameters', () => {
  it('needs code, original and destination fields, in equal numbers', () => {
    expect(checkPopupParams({ orgFields: 'a', destFields: 'b' })).toEqual({ error: 'popupNotConfigured' });
    expect(checkPopupParams({ code: 'x', destFields: 'b' })).toEqual({ error: 'popupNotConfigured' });
    expect(checkPopupParams({ code: 'x', orgFields: 'a' })).toEqual({ error: 'popupNotConfigured' });
    expect(checkPopupParams({ code: 'x', orgFields: 'a,b', destFields: 'c' })).toEqual({ error: 'popupFieldCountMismatch' });
    expect(checkPopupParams({ code: 'x', orgFields: 'a, b', destFields: 'c,d' })).toEqual({ org: ['a', 'b'], dest: ['c', 'd'] });
  });

  it('writes each destination field from its original field, comma-joined over the chosen rows', () => {
    const rows = [
      { member_no: 'M1', member_name: '张三' },
      { member_no: 'M2', member_name: '李四' },
    ];
    expect(destinationValues(rows, ['member_no', 'member_name'], ['memberNo', 'memberName'])).toEqual({ memberNo: 'M1,M2', memberName: '张三,李四' });
  });

  it('caches report definitions for 30000 ms in a 1200-wide modal', () => {
    // The cache itself (Refine's useCustom staleTime/gcTime) is proven in popup-modal.test.tsx.
    expect(POPUP_CACHE_MS).toBe(30_000);
    expect(POPUP_MODAL_WIDTH).toBe(1200);
  });
});

describe('upload values', () => {
  it('shows file names as 5 characters plus an ellipsis', () => {
    expect(shortFileName('contract-2024.pdf')).toBe('contr…');
    expect(shortFileName('a.pdf')).toBe('a.pdf');
    expect(nameFromPath('goods/abc.png,goods/def.png')).toBe('abc.png');
  });

  it('keeps the last N files when the limit is above 0', () => {
    expect(keepLast([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(keepLast([1, 2, 3], 0)).toEqual([1, 2, 3]);
  });

  it('moves pictures left and right, refusing the ends', () => {
    expect(moveFile(['a', 'b', 'c'], 1, 'left')).toEqual({ ok: true, files: ['b', 'a', 'c'] });
    expect(moveFile(['a', 'b', 'c'], 1, 'right')).toEqual({ ok: true, files: ['a', 'c', 'b'] });
    expect(moveFile(['a', 'b'], 0, 'left')).toEqual({ ok: false, reason: 'unknownOperation' });
    expect(moveFile(['a', 'b'], 1, 'right')).toEqual({ ok: false, reason: 'alreadyLast' });
  });

  it('reads the path from the field named by responseName, default message', () => {
    expect(responsePath({ success: true, message: 'temp/a.png' })).toBe('temp/a.png');
    expect(responsePath({ success: true, result: 'x', message: 'y' }, 'result')).toBe('x');
    expect(responsePath({ success: false })).toBeNull();
  });
});

describe('helpers', () => {
  it('makes random ids of 32 hex characters', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('cuts text at 25 characters by default', () => {
    expect(ellipsis('x'.repeat(26))).toBe(`${'x'.repeat(25)}...`);
    expect(ellipsis('x'.repeat(25))).toBe('x'.repeat(25));
    expect(ellipsis('abcdef', 3)).toBe('abc...');
  });

  it('debounces for 100 ms by default', () => {
    vi.useFakeTimers();
    expect(DEFAULT_DEBOUNCE_MS).toBe(100);
    const fn = vi.fn();
    const debounced = debounce(fn);
    debounced(1);
    debounced(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });
});
