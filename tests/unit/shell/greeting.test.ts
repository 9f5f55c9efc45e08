import { describe, expect, it } from 'vitest';
import zhCommon from '../../../locales/zh-CN/common.json';
import { greetingKey } from '../../../src/shell/greeting';

function greetingAt(hour: number, minute: number): string {
  const date = new Date(2024, 0, 1, hour, minute);
  return zhCommon.greeting[greetingKey(date.getHours())];
}

describe('greetingKey (docs/spec.md §9 greeting by hour)', () => {
  it.each([
    [8, 59, '早上好'],
    [9, 0, '上午好'],
    [10, 59, '上午好'],
    [11, 0, '中午好'],
    [12, 59, '中午好'],
    [13, 0, '下午好'],
    [19, 59, '下午好'],
    [20, 0, '晚上好'],
    [0, 0, '早上好'],
    [23, 59, '晚上好'],
  ])('%i:%i → %s', (hour, minute, expected) => {
    expect(greetingAt(hour, minute)).toBe(expected);
  });
});
