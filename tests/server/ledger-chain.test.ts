import { describe, expect, it } from 'vitest';
import { expectGaplessChain } from './ledger-chain';
/** The chain proof of the concurrency tests: a chain whose totals come back to a value is still one chain. */
describe('expectGaplessChain', () => {
  it('finds the chain through totals that repeat, and refuses a missing or doubled row', () => {
    const totals = [1000, 1007, 1004, 1001, 1008, 1005, 1002, 999, 1006, 1003, 1000, 1007];
    const rows = totals.slice(1).map((after, i) => ({ change: after - (totals[i] ?? 0), after }));
    expect(expectGaplessChain([...rows].reverse(), 1000)).toBe(1007);
    expect(expectGaplessChain([{ change: 1000, after: 1000 }, ...rows].reverse())).toBe(1007);
    expect(() => expectGaplessChain([...rows.slice(0, 4), ...rows.slice(5)], 1000)).toThrow();
    expect(() => expectGaplessChain([...rows, { change: -3, after: 1001 }], 1000)).toThrow();
    expect(() => expectGaplessChain([...rows, { change: 7, after: 1014 }], 1000)).not.toThrow();
    expect(() => expectGaplessChain([...rows, { change: 7, after: 2014 }], 1000)).toThrow();
  });
});
