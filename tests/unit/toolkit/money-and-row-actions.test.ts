/**
 * Issue 32, lists show what they hold: one money formatter (¥, thousands separators, two decimals, never -¥0.00) and
 * the row-action split (two actions as links; with more, the first as a link and the rest under 更多; the dangerous ones last).
 */
import { describe, expect, it } from 'vitest';
import { amountValue, deductionText, fieldValueText, moneyText } from '../../../src/toolkit/crud/money';
import { orderedForRow, splitRowActions, type RowAction } from '../../../src/toolkit/crud/row-actions';

describe('money', () => {
  it('shows ¥ with thousands separators and two decimals, exactly from what the server sent', () => {
    expect(moneyText('12858.3')).toBe('¥12,858.30');
    expect(moneyText(1959.5)).toBe('¥1,959.50');
    expect(moneyText('1234567.891')).toBe('¥1,234,567.89');
    expect(moneyText('0.005')).toBe('¥0.01');
    expect(moneyText(999)).toBe('¥999.00');
    expect(moneyText('0.1')).toBe('¥0.10');
  });

  it('puts a minus before the sign and never shows -¥0.00', () => {
    expect(moneyText('-5')).toBe('-¥5.00');
    expect(moneyText('-1234.5')).toBe('-¥1,234.50');
    expect(moneyText('-0')).toBe('¥0.00');
    expect(moneyText('-0.001')).toBe('¥0.00');
    expect(deductionText('5')).toBe('-¥5.00');
    expect(deductionText('0')).toBe('¥0.00');
    expect(deductionText(0)).toBe('¥0.00');
  });

  it('keeps empty values empty and shows what is not a number as it came', () => {
    expect(moneyText(null)).toBe('');
    expect(moneyText(undefined)).toBe('');
    expect(moneyText('')).toBe('');
    expect(moneyText('abc')).toBe('abc');
  });

  it('fills an amount input with two plain decimals, and shows the decimals that are not money as they are', () => {
    expect(amountValue('1959.5')).toBe('1959.50');
    expect(amountValue('-0')).toBe('0.00');
    expect(fieldValueText({ format: 'percent' }, '13')).toBe('13%');
    expect(fieldValueText({ format: 'number' }, '3.5')).toBe('3.5');
    expect(fieldValueText({}, '3.5')).toBe('¥3.50');
  });
});

describe('row actions', () => {
  const action = (key: string, extra: Partial<RowAction<{ id: string }>> = {}): RowAction<{ id: string }> => ({ key, label: key, onClick: () => undefined, ...extra });
  const keys = (list: ReadonlyArray<RowAction<{ id: string }>>) => list.map((one) => one.key);

  it('shows two or fewer as links; with more, the first as a link and the rest under 更多 (the cell holds two items)', () => {
    const row = { id: '1' };
    const all = orderedForRow([action('detail'), action('adjust'), action('remark'), action('close')], row);
    expect(keys(splitRowActions(all, 2).links)).toEqual(['detail']);
    expect(keys(splitRowActions(all, 2).more)).toEqual(['adjust', 'remark', 'close']);
    expect(keys(splitRowActions(all, 3).links)).toEqual(['detail', 'adjust']);
    const two = orderedForRow([action('edit'), action('detail')], row);
    expect(splitRowActions(two, 2)).toEqual({ links: two, more: [] });
  });

  it('puts the dangerous ones last and leaves out those the row does not offer', () => {
    const row = { id: '1' };
    const ordered = orderedForRow([action('edit'), action('delete', { danger: true }), action('detail'), action('publish', { showFor: () => false })], row);
    expect(keys(ordered)).toEqual(['edit', 'detail', 'delete']);
    expect(keys(splitRowActions(ordered, 2).more)).toEqual(['detail', 'delete']);
  });
});
