import { httpClient } from '../../../src/providers/http/client';
import { refusalOfBlob } from '../../../src/toolkit/crud';
import { orderEntity } from '../entities';

/**
 * The warehouse's prints of a batch of orders and 批量发货 from 订单列表's selection: the routes, their permission
 * codes (server/menus.ts), what a print asks for, and the call that answers a PDF.
 */

export const WAREHOUSE_API = {
  pickingList: `${orderEntity.api}/pickingListPdf`,
  shippingLabel: `${orderEntity.api}/shippingLabelPdf`,
  batchDeliver: `${orderEntity.api}/batchDeliver`,
} as const;

export type PrintKind = 'pickingList' | 'shippingLabel';

export const WAREHOUSE_PERMISSIONS = {
  pickingList: 'saleorder:order:printPick',
  shippingLabel: 'saleorder:order:printLabel',
  deliver: 'saleorder:order:deliver',
} as const;

/** The most orders one print or one 批量发货 takes (the server refuses more with its own message). */
export const MAX_BATCH_ORDERS = 200;

/** The orders a print is for: the rows chosen, or else the list's own query (its 待发货 orders). */
export type PrintScope = { ids: string[] } | { filter: Record<string, string> };

/** The list's query parameters as the print's filter: every value as text, as the list sends them. */
export function printScope(selected: readonly string[], listQuery: Record<string, unknown>): PrintScope {
  if (selected.length > 0) return { ids: [...selected] };
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(listQuery)) {
    if (value === undefined || value === null || value === '') continue;
    filter[key] = Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
  return { filter };
}

/** A printed document: its bytes and the name the server filed it under. */
export interface PrintedPdf {
  blob: Blob;
  fileName: string;
}

/** The UTF-8 file name of a Content-Disposition header (`filename*=UTF-8''…`), else its plain one. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (disposition === undefined) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1] !== undefined) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      return fallback;
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** A refusal the server answered in its envelope (HTTP 200, `success: false`): its message is shown as is. */
export class PrintRefused extends Error {}

/**
 * POSTs the print and answers the PDF. The data provider's downloads are GETs, and a print names up to 200 orders
 * in its body: this goes through the app's one http client (token, tenant, and its presentation of HTTP failures)
 * asking for the bytes. A refusal in the envelope rejects with PrintRefused carrying the server's message.
 */
export async function requestPdf(url: string, scope: PrintScope, fallbackName: string): Promise<PrintedPdf> {
  const response = await httpClient.post<Blob>(url, scope, { responseType: 'blob' });
  const refused = await refusalOfBlob(response.data);
  if (refused !== null) throw new PrintRefused(refused);
  const header: unknown = response.headers['content-disposition'];
  const blob = response.data.type === 'application/pdf' ? response.data : new Blob([response.data], { type: 'application/pdf' });
  return { blob, fileName: fileNameOf(typeof header === 'string' ? header : undefined, fallbackName) };
}

export type { BatchDeliverOutcome, DeliverResult } from '../warehouse-deliver';
