import type { OperatingCounter } from '../../../server/contracts/report-facts';

/** TO BE WRITTEN by the helper that owns this file. */
export const orderCounters: OperatingCounter[] = [];
