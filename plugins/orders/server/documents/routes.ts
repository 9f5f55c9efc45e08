import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../../server/context';
import { businessError } from '../../../../server/http/envelope';
import { Id, query } from '../../../../server/http/schemas';
import { orderEntity } from '../../entities';
import { dictLookup } from '../deps';
import { MSG_ORDER_NOT_FOUND } from '../order-service';
import { contractPdf } from './contract';
import { deliveryNotePdf } from './delivery-note';
import { loadOrderDocument, type OrderDocument } from './order-document';

/**
 * GET /saleorder/saleOrder/deliveryNotePdf?id= and /contractPdf?id=: the order's 送货单 and 购销合同 as
 * PDF files (shown inline, named after the order number). An order of another tenant or none at all is
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

export function registerOrderDocumentRoutes(api: FastifyInstance, ctx: AppContext): void {
  for (const document of DOCUMENTS) {
    api.get<{ Querystring: { id: string } }>(
      `${orderEntity.api}/${document.path}`,
      { config: { access: { permission: 'saleorder:order:list' } }, schema: { querystring: query({ id: Id }) } },
      async (request, reply: FastifyReply) => {
        const order = await loadOrderDocument(ctx.db, dictLookup(ctx), request.tenantId ?? 0, request.query.id);
        if (order === null) throw businessError(MSG_ORDER_NOT_FOUND);
        const pdf = await document.render(order);
        return reply.header('Content-Type', PDF_MIME).header('Content-Disposition', pdfDisposition(`${order.no}-${document.suffix}.pdf`)).header('Cache-Control', 'no-store').send(pdf);
      },
    );
  }
}
