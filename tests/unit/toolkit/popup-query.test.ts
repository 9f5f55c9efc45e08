import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dictText, queryFilters, rangeNames } from '../../../src/toolkit/popup/popup-query';
import { storedPathOf } from '../../../src/toolkit/upload/image-upload-item';
import { isPdfPath } from '../../../src/toolkit/upload/upload-values';

describe('popup query form values', () => {
  it('names range bounds <field>_begin / <field>_end', () => {
    expect(rangeNames('points')).toEqual(['points_begin', 'points_end']);
  });

  it('sends trimmed text, numbers as text and dates as YYYY-MM-DD, leaving empty values out', () => {
    expect(
      queryFilters({
        member_name: '  张 ',
        phone: '   ',
        points_begin: 0,
        points_end: 2000.5,
        join_date_begin: dayjs('2024-03-05T15:20:00'),
        join_date_end: undefined,
        sex: null,
        bad: Number.NaN,
      }),
    ).toEqual({ member_name: '张', points_begin: '0', points_end: '2000.5', join_date_begin: '2024-03-05' });
  });
});

describe('dictionary text in popup columns', () => {
  const sex = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ];
  it('shows the item text for a value, item by item for a comma list, the value when unknown', () => {
    expect(dictText(sex, '2')).toBe('女');
    expect(dictText(sex, 1)).toBe('男');
    expect(dictText(sex, '1,2')).toBe('男,女');
    expect(dictText(sex, '9')).toBe('9');
    expect(dictText(sex, null)).toBe('');
    expect(dictText(undefined, 'x')).toBe('x');
  });
});

describe('stored files in the upload widget', () => {
  it('takes the path of a finished upload from the answer, else from the loaded value', () => {
    expect(storedPathOf({ uid: '1', name: 'a.png', status: 'done', response: { success: true, message: 'temp/a.png' } })).toBe('temp/a.png');
    expect(storedPathOf({ uid: '2', name: 'b.png', status: 'done', url: 'temp/b.png' })).toBe('temp/b.png');
    expect(storedPathOf({ uid: '3', name: 'c.png', status: 'uploading', response: { message: 'temp/c.png' } })).toBeNull();
    expect(storedPathOf({ uid: '4', name: 'd.png', status: 'done' })).toBeNull();
  });

  it('previews only PDF paths', () => {
    expect(isPdfPath('temp/contract.PDF')).toBe(true);
    expect(isPdfPath('temp/a.pdf,temp/b.png')).toBe(true);
    expect(isPdfPath('temp/a.png')).toBe(false);
    expect(isPdfPath('temp/a.pdf.html')).toBe(false);
  });
});
