import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { businessError, Id, permission, query, tenantOf, type AppContext } from '../../../../server/kit';
import { orderEntity } from '../../entities';
import { dictLookup, orderDeps } from '../deps';
import { MSG_ORDER_NOT_FOUND } from '../sales/service';
import { contractPdf } from './contract';
import { deliveryNotePdf } from './delivery-note';
import { loadOrderDocument, type OrderDocument } from './order-document';
import { loadPurchaseDocument } from './purchase-document';
import { purchaseOrderEntity } from '../../purchase-entities';
import { MSG_PURCHASE_NOT_FOUND } from '../purchases/service';
import { PDF_MIME, pdfDisposition } from './pdf-answer';
import { registerWarehouseRoutes } from './warehouse-routes';

/**
 * GET /saleorder/saleOrder/deliveryNotePdf?id= and /contractPdf?id= (and the same under /zcy/purchaseOrder
 * for a procurement order, whose 送货单 is one delivery's: `&deliveryId=`, else the latest): the order's
 * 送货单 and 购销合同 as PDF files (shown inline, named after the order, contract or delivery number). An
 * order of another tenant or none at all is the usual 订单不存在 refusal.
 */

type DocumentKind = 'deliveryNote' | 'contract';

const DOCUMENTS: ReadonlyArray<{ kind: DocumentKind; path: string; suffix: string; render: (order: OrderDocument) => Promise<Buffer>; fileNo: (order: OrderDocument) => string }> = [
  { kind: 'deliveryNote', path: 'deliveryNotePdf', suffix: '送货单', render: deliveryNotePdf, fileNo: (order) => order.delivery?.no ?? order.no },
  { kind: 'contract', path: 'contractPdf', suffix: '合同', render: contractPdf, fileNo: (order) => order.contractNo },
];

/** One source of printable documents: its base path, the permission to read them, how to load one. */
interface DocumentSource {
  api: string;
  permission: string;
  notFound: string;
  load: (ctx: AppContext, tenantId: number, id: string, kind: DocumentKind, deliveryId: string | undefined) => Promise<OrderDocument | null>;
}

const SOURCES: readonly DocumentSource[] = [
  {
    api: orderEntity.api,
    permission: 'saleorder:order:list',
    notFound: MSG_ORDER_NOT_FOUND,
    load: (ctx, tenantId, id) => loadOrderDocument(ctx.db, orderDeps(ctx), ctx.services.get('shopProfile'), dictLookup(ctx, tenantId), tenantId, id),
  },
  {
    api: purchaseOrderEntity.api,
    permission: 'zcy:purchaseOrder:list',
    notFound: MSG_PURCHASE_NOT_FOUND,
    load: (ctx, tenantId, id, kind, deliveryId) =>
      loadPurchaseDocument(ctx.db, orderDeps(ctx), ctx.services.get('shopProfile'), dictLookup(ctx, tenantId), tenantId, id, kind === 'contract' ? { kind } : { kind, ...(deliveryId === undefined ? {} : { deliveryId }) }),
  },
];

export function registerOrderDocumentRoutes(api: FastifyInstance, ctx: AppContext): void {
  for (const source of SOURCES) {
    for (const document of DOCUMENTS) {
      api.get<{ Querystring: { id: string; deliveryId?: string } }>(
        `${source.api}/${document.path}`,
        { ...permission(source.permission), schema: { querystring: query({ id: Id, deliveryId: Type.Optional(Id) }) } },
        async (request, reply: FastifyReply) => {
          const order = await source.load(ctx, tenantOf(request), request.query.id, document.kind, request.query.deliveryId);
          if (order === null) throw businessError(source.notFound);
          const pdf = await document.render(order);
          return reply.header('Content-Type', PDF_MIME).header('Content-Disposition', pdfDisposition(`${document.fileNo(order)}-${document.suffix}.pdf`)).header('Cache-Control', 'no-store').send(pdf);
        },
      );
    }
  }
  // 配货单 and 面单 of a batch of orders, and 批量发货 from the list's selection.
  registerWarehouseRoutes(api, ctx);
}
