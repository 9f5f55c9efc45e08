import Decimal from 'decimal.js';
import type { FastifyReply } from 'fastify';
import { addDays, DateString, daysBetween, invalidInput, query, type FactStore, type FactValue } from '../../../server/kit';

/**
 * What the report routes share: the date range of a report (validated: real days, begin ≤ end, at
 * most a year and a day), the caller's tenant, exact sums of fact values, and the xlsx reply.
 */

/** What the report figures read: the fact store's sums, distinct counts and today. */
export interface FactReader {
  facts: Pick<FactStore, 'sum' | 'distinct' | 'today'>;
}

export const MSG_RANGE_ORDER = '开始日期不能晚于结束日期';
export const MAX_RANGE_DAYS = 366;
export const MSG_RANGE_TOO_LONG = `日期范围不能超过 ${MAX_RANGE_DAYS} 天`;

/** `?beginDate=YYYY-MM-DD&endDate=YYYY-MM-DD`, both required. */
export const RANGE_QUERY = { querystring: query({ beginDate: DateString, endDate: DateString }) } as const;

export interface RangeQuery {
  beginDate: string;
  endDate: string;
}

export interface DayRange {
  from: string;
  to: string;
}

/** The range of a report's query: begin ≤ end and at most MAX_RANGE_DAYS days, else 400. */
export function rangeOf(input: RangeQuery): DayRange {
  if (input.beginDate > input.endDate) throw invalidInput('', MSG_RANGE_ORDER);
  if (daysBetween(input.beginDate, input.endDate) + 1 > MAX_RANGE_DAYS) throw invalidInput('', MSG_RANGE_TOO_LONG);
  return { from: input.beginDate, to: input.endDate };
}

/** The equally long period just before `range` (环比's reference). */
export function previousPeriod(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Exact sums of fact values by metric (and day or dim when grouped so). */
export class Figures {
  private readonly values = new Map<string, Decimal>();
  constructor(values: readonly FactValue[]) {
    for (const value of values) this.values.set(Figures.key(value.metric, value.day ?? value.dim ?? ''), new Decimal(value.value));
  }
  private static key(metric: string, part: string): string {
    return `${metric}\u0000${part}`;
  }
  /** The metric's value (of a day or dim when given); zero when there is none. */
  get(metric: string, part = ''): Decimal {
    return this.values.get(Figures.key(metric, part)) ?? new Decimal(0);
  }
}

export const money = (value: Decimal): string => value.toFixed(2);
export const count = (value: Decimal): number => value.toNumber();

/** `part` ÷ `whole` as a percentage with two decimals ('0.00' when the whole is 0). */
export function percent(part: Decimal.Value, whole: Decimal.Value): string {
  const base = new Decimal(whole);
  return base.isZero() ? '0.00' : new Decimal(part).div(base).times(100).toFixed(2);
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer): FastifyReply {
  return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition(fileName)).send(buffer);
}
