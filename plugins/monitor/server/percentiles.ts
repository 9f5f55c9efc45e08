/** Small statistics helpers for latencies (the HTTP server screen's average and p95). */

/**
 * The p-th percentile (0–100) of the values by the nearest-rank method: an actual observed value,
 * never an interpolation, so "p95 = 120 ms" means a request really took 120 ms. null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0–100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Rounds to a fixed number of decimals for display-ready wire figures. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
