import type { Row, StatisticKind } from './types';

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Sum and average of one column over all rows; non-numbers count as 0 (footer rows 合计 / 平均). */
export function columnStatistic(rows: readonly Row[], key: string, kind: StatisticKind): number {
  let sum = 0;
  for (const row of rows) sum += numeric(row[key]) ?? 0;
  if (kind === 'sum') return round2(sum);
  return rows.length === 0 ? 0 : round2(sum / rows.length);
}
