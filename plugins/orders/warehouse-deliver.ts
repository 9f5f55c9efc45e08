/**
 * 批量发货 of a selection as the client and the server both know it (like entities.ts): the answer of
 * `/saleorder/saleOrder/batchDeliver` (plugins/orders/server/shipping/selection-deliver.ts makes it).
 */

export interface DeliverResult {
  id: string;
  /** The order's number ('' for an id unknown in this shop). */
  no: string;
  success: boolean;
  message: string;
}

export interface BatchDeliverOutcome {
  total: number;
  shipped: number;
  failed: number;
  results: DeliverResult[];
}
