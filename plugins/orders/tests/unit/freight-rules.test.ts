import { describe, expect, it } from 'vitest';
import { parseCharges, parseFrees } from '../../server/freight/rules';
import zhCatalogue from '../../../../locales/zh-CN/orderCatalogue.json';
import { areaOptions, PROVINCE_CODES } from '../../components/freight-areas';
import { chargeHints, chargeRowsOf, chargesJson, chargeUnit, countPrecision, freeHints, freeRowsOf, freesJson, type ChargeRow, type FreeRow } from '../../components/freight-rules';

const charge = (overrides: Partial<ChargeRow> = {}): ChargeRow => ({ areaIds: ['110000'], startCount: 1, startPrice: 8, extraCount: 1, extraPrice: 2, ...overrides });
const free = (overrides: Partial<FreeRow> = {}): FreeRow => ({ areaIds: ['110000'], freePrice: 99, freeCount: 0, ...overrides });

describe('freight rule rows ⇄ JSON', () => {
  it('writes the rows the server accepts and reads them back', () => {
    const rows = [charge({ areaIds: ['110000', '310000', '110000'], startPrice: 8.5, extraPrice: 2.25 }), charge({ areaIds: [], startCount: 2, startPrice: 12, extraCount: 0.5, extraPrice: 3 })];
    const text = chargesJson(rows);
    expect(JSON.parse(text ?? '')).toEqual([
      { areaIds: ['110000', '310000'], startCount: 1, startPrice: 8.5, extraCount: 1, extraPrice: 2.25 },
      { areaIds: [], startCount: 2, startPrice: 12, extraCount: 0.5, extraPrice: 3 },
    ]);
    // The server's own check passes, and reading the text back gives the edited rows.
    expect(parseCharges(text)).toHaveLength(2);
    expect(chargeRowsOf(text)).toEqual({ rows: [charge({ areaIds: ['110000', '310000'], startPrice: 8.5, extraPrice: 2.25 }), charge({ areaIds: [], startCount: 2, startPrice: 12, extraCount: 0.5, extraPrice: 3 })], broken: false });

    const frees = freesJson([free({ areaIds: ['440000'], freePrice: 88.8, freeCount: null }), free({ areaIds: [], freePrice: null, freeCount: 3 })]);
    expect(JSON.parse(frees ?? '')).toEqual([
      { areaIds: ['440000'], freePrice: 88.8, freeCount: 0 },
      { areaIds: [], freePrice: 0, freeCount: 3 },
    ]);
    expect(parseFrees(frees)).toHaveLength(2);
    expect(freeRowsOf(frees).rows[1]).toEqual({ areaIds: [], freePrice: 0, freeCount: 3 });
  });

  it('sends no text for no rows and empty cells as zero, rounded to what the server takes', () => {
    expect(chargesJson([])).toBeNull();
    expect(freesJson([])).toBeNull();
    const text = chargesJson([charge({ startPrice: 1.005, extraCount: null, extraPrice: null })]);
    expect(JSON.parse(text ?? '')).toEqual([{ areaIds: ['110000'], startCount: 1, startPrice: 1.01, extraCount: 0, extraPrice: 0 }]);
    expect(() => parseCharges(text)).not.toThrow();
  });

  it('reads empty or broken stored text as no rows, marking the broken one', () => {
    expect(chargeRowsOf(null)).toEqual({ rows: [], broken: false });
    expect(chargeRowsOf('')).toEqual({ rows: [], broken: false });
    expect(chargeRowsOf('{not json')).toEqual({ rows: [], broken: true });
    expect(freeRowsOf('{"areaIds":[]}')).toEqual({ rows: [], broken: true });
    expect(chargeRowsOf('[{"areaIds":["110000"],"startCount":"2","startPrice":5}]').rows[0]).toEqual({ areaIds: ['110000'], startCount: 2, startPrice: 5, extraCount: null, extraPrice: null });
  });
});

describe('freight rule hints', () => {
  it('accepts complete rows', () => {
    expect(chargeHints([charge(), charge({ areaIds: [] })])).toEqual([]);
    expect(freeHints([free(), free({ areaIds: ['310000'], freePrice: null, freeCount: 2 })])).toEqual([]);
  });

  it('names the rows missing a price, a first count or an extra count', () => {
    expect(chargeHints([charge(), charge({ areaIds: ['310000'], startPrice: null, startCount: 0 }), charge({ areaIds: ['440000'], extraCount: 0, extraPrice: 5 })])).toEqual([
      { key: 'startPriceRequired', rows: [2] },
      { key: 'startCountPositive', rows: [2] },
      { key: 'extraCountRequired', rows: [3] },
    ]);
  });

  it('names rows covering the same area or 其余地区 twice', () => {
    expect(chargeHints([charge({ areaIds: ['110000', '120000'] }), charge({ areaIds: [] }), charge({ areaIds: ['120000'] }), charge({ areaIds: [] })])).toEqual([
      { key: 'otherAreasTwice', rows: [2, 4] },
      { key: 'areaTwice', rows: [1, 3] },
    ]);
  });

  it('names free rows with no condition', () => {
    expect(freeHints([free({ freePrice: 0, freeCount: null }), free({ areaIds: ['110000'] })])).toEqual([
      { key: 'freeConditionRequired', rows: [1] },
      { key: 'areaTwice', rows: [1, 2] },
    ]);
  });
});

describe('units and areas', () => {
  it('follows the charge mode', () => {
    expect(chargeUnit('1')).toBe('piece');
    expect(chargeUnit(2)).toBe('weight');
    expect(chargeUnit('3')).toBe('volume');
    expect(chargeUnit(undefined)).toBe('piece');
    expect(countPrecision('piece')).toBe(0);
    expect(countPrecision('volume')).toBe(2);
  });

  it('lists the 34 provincial-level divisions by their GB/T 2260 codes', () => {
    expect(PROVINCE_CODES).toHaveLength(34);
    expect(new Set(PROVINCE_CODES).size).toBe(34);
    expect(PROVINCE_CODES.every((code) => /^\d{2}0000$/.test(code))).toBe(true);
    const names: Record<string, string> = zhCatalogue.areas;
    const options = areaOptions((code) => names[code] ?? code, ['110101', '110000']);
    expect(options.find((option) => option.value === '110000')?.label).toBe('北京市');
    expect(options.find((option) => option.value === '820000')?.label).toBe('澳门特别行政区');
    expect(options.slice(-1)).toEqual([{ value: '110101', label: '110101' }]);
    expect(options).toHaveLength(35);
    expect(Object.keys(names).sort()).toEqual([...PROVINCE_CODES].sort());
  });
});
