import { expect } from 'vitest';

/**
 * Proves a ledger's rows form one chain from `start`: there is an order in which each row's total before (total
 * after − change) is the previous row's total after, using every row once. Under concurrent writes that is what
 * proves no update was lost or applied twice. Answers the total at the end of the chain.
 *
 * Totals may come back to a value they had (+7, −3, −3, −3, +7 … returns to where it was), so walking the rows
 * greedily can take a wrong turn; the rows are the edges of a graph of totals instead, and the chain exists exactly
 * when that graph has a trail through every edge from `start` (Euler): every total but the two ends is entered as
 * often as left, and every row is reachable from `start`.
 */
export function expectGaplessChain(rows: ReadonlyArray<{ change: number; after: number }>, start = 0): number {
  const balance = new Map<number, number>();
  const next = new Map<number, number[]>();
  for (const row of rows) {
    const before = row.after - row.change;
    balance.set(before, (balance.get(before) ?? 0) + 1);
    balance.set(row.after, (balance.get(row.after) ?? 0) - 1);
    next.set(before, [...(next.get(before) ?? []), row.after]);
  }
  const unbalanced = [...balance].filter(([, value]) => value !== 0);
  const ends = unbalanced.filter(([, value]) => value === -1).map(([total]) => total);
  if (unbalanced.length === 0) {
    expect(rows.length === 0 || next.has(start), `no row starts the chain at ${start}`).toBe(true);
  } else {
    expect(unbalanced, `totals entered and left unevenly: ${JSON.stringify(unbalanced)}`).toHaveLength(2);
    expect(balance.get(start), `the chain does not start at ${start}`).toBe(1);
    expect(ends, 'one end of the chain').toHaveLength(1);
  }
  const reached = new Set<number>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const after of next.get(queue.pop() ?? start) ?? []) {
      if (!reached.has(after)) {
        reached.add(after);
        queue.push(after);
      }
    }
  }
  const stranded = rows.filter((row) => !reached.has(row.after - row.change));
  expect(stranded, 'rows no chain from the start reaches').toEqual([]);
  return ends[0] ?? start;
}
