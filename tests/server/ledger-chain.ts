import { expect } from 'vitest';

/**
 * Walks a ledger's rows as a chain from `start`: each row's total before (total after − change) must be the
 * previous row's total after, whatever order they were read in. Under concurrent writes that is what proves no
 * update was lost or applied twice. Answers the total at the end of the chain.
 */
export function expectGaplessChain(rows: ReadonlyArray<{ change: number; after: number }>, start = 0): number {
  const remaining = [...rows];
  let total = start;
  while (remaining.length > 0) {
    const next = remaining.findIndex((row) => row.after - row.change === total);
    expect(next, `no row continues the chain at ${total}`).toBeGreaterThanOrEqual(0);
    total = remaining.splice(next, 1)[0]?.after ?? Number.NaN;
  }
  return total;
}
