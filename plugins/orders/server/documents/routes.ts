import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../../server/context';
import { businessError } from '../../../../server/http/envelope';
import { Id, query } from '../../../../server/http/schemas';
import { orderEntity } from '../../entities';
import { dictLookup, orderDeps } from '../deps';
import { MSG_ORDER_NOT_FOUND } from '../order-service';
import { contractPdf } from './contract';
import { deliveryNotePdf } from './delivery-note';
import { loadOrderDocument, type OrderDocument } from './order-document';
import { loadPurchaseDocument } from './purchase-document';
import { purchaseOrderEntity } from '../../purchase-entities';
import { MSG_PURCHASE_NOT_FOUND } from '../purchase-service';

/**
 * GET /saleorder/saleOrder/deliveryNotePdf?id= and /contractPdf?id= (and the same under /zcy/purchaseOrder
 * for a procurement order): the order's 送货单 and 购销合同 as PDF files (shown inline, named after the order number). An order of another tenant or none at all is
 * the usual 订单不存在 refusal.
 */

export const PDF_MIME = 'application/pdf';

/** `inline` (the viewer shows it) with an ASCII fallback name and the UTF-8 one. */
export function pdfDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const DOCUMENTS: ReadonlyArray<{ path: string; suffix: string; render: (order: OrderDocument) => Promise<Buffer> }> = [
  { path: 'deliveryNotePdf', suffix: '送货单', render: deliveryNotePdf },
  { path: 'contractPdf', suffix: '合同', render: contractPdf },
];

/** One source of printable documents: its base path, the permission to read them, how to load one. */
interface DocumentSource {
  api: string;
  permission: string;
  notFound: string;
  load: (ctx: AppContext, tenantId: number, id: string) => Promise<OrderDocument | null>;
}

const SOURCES: readonly DocumentSource[] = [
  { api: orderEntity.api, permission: 'saleorder:order:list', notFound: MSG_ORDER_NOT_FOUND, load: (ctx, tenantId, id) => loadOrderDocument(ctx.db, orderDeps(ctx), dictLookup(ctx, tenantId), tenantId, id) },
  { api: purchaseOrderEntity.api, permission: 'zcy:purchaseOrder:list', notFound: MSG_PURCHASE_NOT_FOUND, load: (ctx, tenantId, id) => loadPurchaseDocument(ctx.db, orderDeps(ctx), dictLookup(ctx, tenantId), tenantId, id) },
];

export function registerOrderDocumentRoutes(api: FastifyInstance, ctx: AppContext): void {
  for (const source of SOURCES) {
    for (const document of DOCUMENTS) {
      api.get<{ Querystring: { id: string } }>(
        `${source.api}/${document.path}`,
        { config: { access: { permission: source.permission } }, schema: { querystring: query({ id: Id }) } },
        async (request, reply: FastifyReply) => {
          const order = await source.load(ctx, request.tenantId ?? 0, request.query.id);
          if (order === null) throw businessError(source.notFound);
          const pdf = await document.render(order);
          return reply.header('Content-Type', PDF_MIME).header('Content-Disposition', pdfDisposition(`${order.no}-${document.suffix}.pdf`)).header('Cache-Control', 'no-store').send(pdf);
        },
      );
    }
  }
}
