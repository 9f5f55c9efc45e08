/**
 * The SPU form's SKU grid as data: properties × values give the rows, typed values and saved SKU ids
 * survive a change of the properties, 批量设置 fills every row (stock only of new ones), and the rows
 * become the `skus` of add/edit.
 */
import { describe, expect, it } from 'vitest';
import { applyBatch, buildSkuRows, combinations, propertiesFromSkus, rowsFromSkus, singleSkuRow, toSkuInputs, type SkuRow, type SpecProperty } from '../../components/sku-grid';
import type { SkuRecord } from '../../entities';

let counter = 0;
const makeId = () => `new-${++counter}`;
const spec = (name: string, ...values: string[]): SpecProperty => ({ key: name, name, values: values.map((value) => ({ name: value })) });
const names = (rows: readonly SkuRow[]) => rows.map((row) => row.properties.map((item) => item.valueName).join('/'));

describe('combinations', () => {
  it('is the cartesian product in the order the properties and values were given', () => {
    const combos = combinations([spec('颜色', '红色', '蓝色'), spec('尺码', 'M', 'L')]);
    expect(combos.map((combo) => combo.map((item) => `${item.propertyName}:${item.valueName}`).join(','))).toEqual([
      '颜色:红色,尺码:M',
      '颜色:红色,尺码:L',
      '颜色:蓝色,尺码:M',
      '颜色:蓝色,尺码:L',
    ]);
  });

  it('skips properties without a name or without values, and keeps attribute ids', () => {
    expect(combinations([spec('', '红色'), spec('尺码')])).toEqual([]);
    const [first] = combinations([{ key: 'k', propertyId: 'a1', name: ' 颜色 ', values: [{ name: '红色', valueId: 'v1' }] }]);
    expect(first).toEqual([{ propertyId: 'a1', propertyName: '颜色', valueId: 'v1', valueName: '红色' }]);
  });
});

describe('buildSkuRows', () => {
  it('generates one new row per combination', () => {
    const rows = buildSkuRows([spec('颜色', '红色', '蓝色'), spec('尺码', 'M', 'L')], [], makeId);
    expect(names(rows)).toEqual(['红色/M', '红色/L', '蓝色/M', '蓝色/L']);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
    expect(rows.every((row) => row.skuId === undefined)).toBe(true);
  });

  it('keeps a row with its id and values when its combination stays, whatever the order', () => {
    const before = buildSkuRows([spec('颜色', '红色', '蓝色'), spec('尺码', 'M')], [], makeId);
    const edited = before.map((row, index) => ({ ...row, price: 10 + index, skuId: index === 0 ? 'sku-1' : undefined }));
    const after = buildSkuRows([spec('颜色', '蓝色', '红色', '黑色'), spec('尺码', 'M')], edited, makeId);
    expect(names(after)).toEqual(['蓝色/M', '红色/M', '黑色/M']);
    expect(after[1]).toMatchObject({ id: edited[0]?.id, skuId: 'sku-1', price: 10 });
    expect(after[0]).toMatchObject({ id: edited[1]?.id, price: 11 });
    expect(after[2]?.price).toBeUndefined();
  });

  it('carries rows over when a property is added or removed (each old row at most once)', () => {
    const colours = buildSkuRows([spec('颜色', '红色', '蓝色')], [], makeId).map((row, index) => ({ ...row, price: index + 1 }));
    const sized = buildSkuRows([spec('颜色', '红色', '蓝色'), spec('尺码', 'M', 'L')], colours, makeId);
    expect(names(sized)).toEqual(['红色/M', '红色/L', '蓝色/M', '蓝色/L']);
    expect(sized.map((row) => row.price)).toEqual([1, undefined, 2, undefined]);
    expect(sized[0]?.id).toBe(colours[0]?.id);
    const back = buildSkuRows([spec('颜色', '红色', '蓝色')], sized, makeId);
    expect(back.map((row) => row.id)).toEqual([colours[0]?.id, colours[1]?.id]);
  });

  it('a single-spec SPU keeps its one row when it becomes multi-spec, and back', () => {
    const single = { ...singleSkuRow([], makeId), skuId: 'sku-9', price: 5 };
    const multi = buildSkuRows([spec('颜色', '红色', '蓝色')], [single], makeId);
    expect(multi[0]).toMatchObject({ id: single.id, skuId: 'sku-9', price: 5 });
    expect(singleSkuRow(multi)).toMatchObject({ id: single.id, properties: [] });
  });
});

describe('批量设置', () => {
  it('writes every filled value into all rows, stock only into rows not yet saved', () => {
    const rows: SkuRow[] = [
      { id: 'a', skuId: 'sku-a', properties: [], stock: 3, price: 1 },
      { id: 'b', properties: [], price: 2 },
    ];
    const next = applyBatch(rows, { price: 99.5, stock: 20, costPrice: null, marketPrice: '' });
    expect(next.map((row) => [row.price, row.stock, row.costPrice])).toEqual([
      [99.5, 3, undefined],
      [99.5, 20, undefined],
    ]);
    expect(rows[0]?.price).toBe(1);
  });
});

describe('toSkuInputs and back', () => {
  it('sends money as exact text, new SKUs with their opening stock, saved ones with their id and no stock', () => {
    const rows: SkuRow[] = [
      { id: 'sku-1', skuId: 'sku-1', properties: [{ propertyName: '颜色', valueName: '红色' }], price: 12.5, stock: 7, lowStock: '2', barCode: ' 690 ' },
      { id: 'new-1', properties: [{ propertyName: '颜色', valueName: '蓝色' }], price: '3', marketPrice: 4.1, stock: '5', picUrl: '' },
    ];
    expect(toSkuInputs(rows)).toEqual([
      { id: 'sku-1', properties: [{ propertyName: '颜色', valueName: '红色' }], picUrl: null, barCode: '690', price: '12.50', marketPrice: null, costPrice: null, lowStock: 2, weight: null, volume: null, firstBrokeragePrice: null, secondBrokeragePrice: null },
      { properties: [{ propertyName: '颜色', valueName: '蓝色' }], picUrl: null, barCode: null, price: '3.00', marketPrice: '4.10', costPrice: null, lowStock: null, weight: null, volume: null, firstBrokeragePrice: null, secondBrokeragePrice: null, stock: 5 },
    ]);
  });

  it('reads saved SKUs into rows and properties (order of first appearance)', () => {
    const skus: SkuRecord[] = [
      { id: 's1', properties: [{ propertyName: '颜色', valueName: '红色', propertyId: 'p1' }, { propertyName: '尺码', valueName: 'M' }], price: '10.00', stock: 4, lockStock: 0, salesCount: 0 },
      { id: 's2', properties: [{ propertyName: '颜色', valueName: '蓝色', propertyId: 'p1' }, { propertyName: '尺码', valueName: 'M' }], price: '11.00', stock: 0, lockStock: 0, salesCount: 0, barCode: null },
    ];
    const rows = rowsFromSkus(skus);
    expect(rows[0]).toMatchObject({ id: 's1', skuId: 's1', price: '10.00', stock: 4 });
    expect('barCode' in (rows[1] ?? {})).toBe(false);
    const properties = propertiesFromSkus(skus, () => 'k');
    expect(properties.map((item) => [item.name, item.propertyId, item.values.map((value) => value.name)])).toEqual([
      ['颜色', 'p1', ['红色', '蓝色']],
      ['尺码', undefined, ['M']],
    ]);
    // Regenerating from what was read changes nothing.
    expect(buildSkuRows(properties, rows, makeId).map((row) => row.id)).toEqual(['s1', 's2']);
  });
});
