import { formatShopTime } from '../../../src/toolkit/utils';

/** Display helpers of the monitoring screens (numbers only: words come from the locale files). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** 1536 → "1.5 KB" (binary multiples, as df -h and the OS tools show them). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '-';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${bytes < 0 ? '-' : ''}${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** Bytes as MB with one decimal, for chart axes. */
export const toMegabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Seconds → whole days, hours, minutes (for a translated "{{d}}天{{h}}小时{{m}}分"). */
export function splitDuration(totalSeconds: number): { d: number; h: number; m: number; s: number } {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return { d: Math.floor(seconds / 86_400), h: Math.floor((seconds % 86_400) / 3600), m: Math.floor((seconds % 3600) / 60), s: seconds % 60 };
}

/** 0.1234 → 12.3 (percent with one decimal). */
export const toPercent = (ratio: number): number => Math.round(ratio * 1000) / 10;

/** HH:mm:ss of a time on the shop's clock, for chart axes and the trace list. */
export function clockTime(time: number | string): string {
  return formatShopTime(time).slice(11);
}
