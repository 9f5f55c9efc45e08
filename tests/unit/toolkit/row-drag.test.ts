import { describe, expect, it } from 'vitest';
import { dropIndex, rowDragView } from '../../../src/toolkit/editable-table/row-drag';

describe('pointer drag ordering of editable-table rows', () => {
  it('lands a row as many places away as the pointer travelled rows, within the table', () => {
    expect(dropIndex(0, 92, 46, 5)).toBe(2);
    expect(dropIndex(0, 22, 46, 5)).toBe(0);
    expect(dropIndex(0, 24, 46, 5)).toBe(1);
    expect(dropIndex(3, -46 * 2.4, 46, 5)).toBe(1);
    expect(dropIndex(1, -1000, 46, 5)).toBe(0);
    expect(dropIndex(1, 1000, 46, 5)).toBe(4);
    expect(dropIndex(0, 100, 46, 0)).toBe(0);
  });

  it('moves the dragged row with the pointer and marks the landing row above or below', () => {
    expect(rowDragView(null, 'a', 0, -1)).toEqual({ offsetY: null, drop: null });
    const down = { id: 'a', offsetY: 95, target: 2 };
    expect(rowDragView(down, 'a', 0, 0)).toEqual({ offsetY: 95, drop: null });
    expect(rowDragView(down, 'c', 2, 0)).toEqual({ offsetY: null, drop: 'below' });
    expect(rowDragView(down, 'b', 1, 0)).toEqual({ offsetY: null, drop: null });
    const up = { id: 'd', offsetY: -95, target: 1 };
    expect(rowDragView(up, 'b', 1, 3)).toEqual({ offsetY: null, drop: 'above' });
  });
});
