import type { FactSource } from '../../../server/contracts/report-facts';

/** TO BE WRITTEN by the helper that owns this file. */
export const distributionFacts: FactSource = { name: 'distribution.brokerage', metrics: [], collect: async () => [] };
