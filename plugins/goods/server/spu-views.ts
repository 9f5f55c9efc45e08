import type { FactSource } from '../../../server/contracts/report-facts';

/** TO BE WRITTEN by the helper that owns this file. */
export const spuViewFacts: FactSource = { name: 'goods.spuViews', metrics: [], collect: async () => [] };
