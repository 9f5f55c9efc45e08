import type { Row, StatisticKind } from './types';
import { countedText, valueCounts } from './validate';

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function columnSum(rows: readonly Row[], key: string): number {
  let sum = 0;
  for (const row of rows) sum += numeric(row[key]) ?? 0;
  return sum;
}

const statistic = (sum: number, rowCount: number, kind: StatisticKind): number => (kind === 'sum' ? round2(sum) : rowCount === 0 ? 0 : round2(sum / rowCount));

/** Sum and average of one column over all rows; non-numbers count as 0 (footer rows 合计 / 平均). */
export function columnStatistic(rows: readonly Row[], key: string, kind: StatisticKind): number {
  return statistic(columnSum(rows, key), rows.length, kind);
}

/**
 * Footer sums and unique-value counts kept per edit: a keystroke in a 10,000-row table moves one value
 * in and one out instead of walking every row. A column is counted on first ask; any change to the row
 * list (set, add, remove, move) drops everything and the next ask counts again.
 */
export class ColumnAggregates {
  private readonly sums = new Map<string, number>();
  private readonly counts = new Map<string, Map<string, number>>();

  constructor(private readonly rows: () => readonly Row[]) {}

  statistic(key: string, kind: StatisticKind): number {
    let sum = this.sums.get(key);
    if (sum === undefined) {
      sum = columnSum(this.rows(), key);
      this.sums.set(key, sum);
    }
    return statistic(sum, this.rows().length, kind);
  }

  /** How many rows hold each non-empty value of the column (as the unique rule compares them). */
  valueCounts(key: string): ReadonlyMap<string, number> {
    let counts = this.counts.get(key);
    if (counts === undefined) {
      counts = valueCounts(this.rows(), key);
      this.counts.set(key, counts);
    }
    return counts;
  }

  /** One cell of `key` went from `before` to `after`. */
  changed(key: string, before: unknown, after: unknown): void {
    const sum = this.sums.get(key);
    // A running sum that overflowed is dropped; the next ask counts it again from the rows.
    if (sum !== undefined) {
      const next = sum - (numeric(before) ?? 0) + (numeric(after) ?? 0);
      if (Number.isFinite(next)) this.sums.set(key, next);
      else this.sums.delete(key);
    }
    const counts = this.counts.get(key);
    if (counts === undefined) return;
    const out = countedText(before);
    if (out !== null) {
      const left = (counts.get(out) ?? 0) - 1;
      if (left > 0) counts.set(out, left);
      else counts.delete(out);
    }
    const into = countedText(after);
    if (into !== null) counts.set(into, (counts.get(into) ?? 0) + 1);
  }

  /** The row list changed as a whole. */
  reset(): void {
    this.sums.clear();
    this.counts.clear();
  }
}
