import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { body, businessError, Id, listQuerySchema, MAX_IDS, permission, query, staffActor, type AppContext, type QueryParams } from '../../../../server/kit';
import { orderEntity } from '../../entities';
import { dictLookup, orderDeps } from '../deps';
import { registerSelectionDeliverRoute } from '../shipping/selection-deliver';
import { pickingListPdf } from './picking-list';
import { PDF_MIME, pdfDisposition } from './pdf-answer';
import { shippingLabelsPdf } from './shipping-labels';
import { loadWarehouseBatch, MSG_PRINT_NOTHING, recordPrint, selectPrintOrders, type PrintKind, type PrintSelection, type WarehouseBatch } from './warehouse-orders';

/**
 * POST /saleorder/saleOrder/pickingListPdf and /shippingLabelPdf: the 配货单 (A4) and the 面单 (100 × 150 mm, one page
 * per order) of a batch of orders, as PDF files shown inline. The body names the orders, `{ ids: [...] }` (the rows
 * chosen on 订单列表), or `{ filter: {...} }` (the list's own query parameters: the 待发货 orders they match). Each
 * print is written on every printed order's log. Also 批量发货 from the selection (../selection-deliver.ts).
 */

interface PrintBody {
  ids?: string[];
  filter?: QueryParams;
}

const PRINT_BODY = body({
  // More than a print takes (MAX_PRINT_ORDERS) is refused with its own message; past MAX_IDS the schema refuses.
  ids: Type.Optional(Type.Array(Id, { maxItems: MAX_IDS })),
  filter: Type.Optional(listQuerySchema(orderEntity)),
});

export const PRINT_PERMISSIONS: Readonly<Record<PrintKind, string>> = {
  pickingList: 'saleorder:order:printPick',
  shippingLabel: 'saleorder:order:printLabel',
};

const PRINTS: ReadonlyArray<{ kind: PrintKind; path: string; fileName: string; render: (batch: WarehouseBatch) => Promise<Buffer> }> = [
  { kind: 'pickingList', path: 'pickingListPdf', fileName: '配货单', render: pickingListPdf },
  { kind: 'shippingLabel', path: 'shippingLabelPdf', fileName: '面单', render: shippingLabelsPdf },
];

function selectionOf(input: PrintBody): PrintSelection {
  if (input.ids !== undefined) return { ids: input.ids };
  if (input.filter !== undefined) return { filter: input.filter };
  throw businessError(MSG_PRINT_NOTHING);
}

export function registerWarehouseRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  for (const print of PRINTS) {
    api.post<{ Body: PrintBody }>(
      `${orderEntity.api}/${print.path}`,
      { ...permission(PRINT_PERMISSIONS[print.kind]), schema: { querystring: query({}), body: PRINT_BODY } },
      async (request, reply) => {
        const actor = staffActor(request);
        const ids = await selectPrintOrders(db, actor.tenantId, selectionOf(request.body));
        const batch = await loadWarehouseBatch(db, orderDeps(ctx), ctx.services.get('shopProfile'), dictLookup(ctx, actor.tenantId), actor.tenantId, ids);
        const pdf = await print.render(batch);
        await recordPrint(db, actor, batch.orders, print.kind);
        // Named by when it was printed (20250102-153000): a batch has no number of its own.
        const stamp = batch.printedAt.replace(/[-:]/g, '').replace(' ', '-');
        return reply.header('Content-Type', PDF_MIME).header('Content-Disposition', pdfDisposition(`${print.fileName}-${stamp}.pdf`)).header('Cache-Control', 'no-store').send(pdf);
      },
    );
  }
  registerSelectionDeliverRoute(api, ctx);
}
