import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError, buildWorkbook, businessError, importSummaryMessage, inTransaction, MAX_IMPORT_ROWS, MSG_BAD_FILE, MSG_EMPTY_FILE, MSG_NO_FILE, NO_INPUT, ok, permission, query, readSheetRows, rowReason, tenantOf, TooManyRowsError, withMultipart, XLSX_MIME, type AppContext, type ExcelColumn, type ImportRowError } from '../../../../server/kit';
import { ORDER_REFUND_STATUS, ORDER_STATUS, orderEntity } from '../../entities';
import { afterShipped } from './after-shipping';
import { deliverOrder, MSG_EXPRESS_NOT_FOUND, MSG_ORDER_NOT_FOUND, type Actor } from '../sales/service';

/**
 * 批量发货 (docs/reference/business-domains.md §8, "batch shipping by Excel"): a sheet of 订单号, 快递公司 (its name or code)
 * and 物流单号, each row shipped through the same 发货 as the button (its own transaction: one refused row
 * never undoes the others), answered like an import — rows shipped, rows skipped and why. The template is
 * the orders waiting to ship, their numbers filled in.
 */

export const DELIVER_SHEET = {
  orderNo: '订单号',
  express: '快递公司',
  logisticsNo: '物流单号',
} as const;

export const MSG_ROW_INCOMPLETE = '订单号、快递公司和物流单号都要填写';
export const MSG_LOGISTICS_NO_TOO_LONG = '物流单号不能超过 64 个字符';

const text = (field: string, label: string): ExcelColumn => ({ field, label, definition: { type: 'string', label, max: 64 } });
const COLUMNS: ExcelColumn[] = [text('orderNo', DELIVER_SHEET.orderNo), text('express', DELIVER_SHEET.express), text('logisticsNo', DELIVER_SHEET.logisticsNo)];

const cell = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function registerBatchDeliverRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const access = permission('saleorder:order:deliver');
  const actorOf = (request: FastifyRequest): Actor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });

  api.get(`${orderEntity.api}/deliverTemplate`, { ...access, schema: NO_INPUT }, async (request, reply) => {
    const waiting = await sql<{ no: string }>`select no from sale_order where tenant_id = ${tenantOf(request)} and status = ${ORDER_STATUS.undelivered}
      and refund_status = ${ORDER_REFUND_STATUS.none} order by create_time limit ${MAX_IMPORT_ROWS}`.execute(db);
    const workbook = await buildWorkbook({
      title: '批量发货',
      exportedBy: request.auth?.username ?? '',
      columns: COLUMNS,
      records: waiting.rows.map((row) => ({ id: row.no, orderNo: row.no, express: null, logisticsNo: null })),
      dictionaries: new Map(),
    });
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('批量发货.xlsx')}`).send(workbook);
  });

  return withMultipart(api, (scope) =>
    scope.post(`${orderEntity.api}/importDeliver`, { ...access, schema: { querystring: query({}) } }, async (request) => {
      const file = await request.file();
      if (file === undefined) throw businessError(MSG_NO_FILE);
      let rows;
      try {
        ({ rows } = await readSheetRows(file.file, COLUMNS, new Map()));
      } catch (error) {
        if (error instanceof TooManyRowsError) throw businessError(error.message);
        throw businessError(MSG_BAD_FILE);
      }
      if (rows.length === 0) throw businessError(MSG_EMPTY_FILE);
      const actor = actorOf(request);
      const tenantId = actor.tenantId;
      const companies = await sql<{ id: string; name: string; code: string | null }>`select id, name, code from sale_express where tenant_id = ${tenantId} and status = '1'`.execute(db);
      const errors: ImportRowError[] = [];
      let shipped = 0;
      const shippedIds: string[] = [];
      for (const row of rows) {
        const orderNo = cell(row.values.orderNo);
        const expressText = cell(row.values.express);
        const logisticsNo = cell(row.values.logisticsNo);
        const refuse = (message: string) => errors.push({ row: row.rowNumber, message: rowReason(row.rowNumber, `${orderNo === '' ? '' : `${orderNo}：`}${message}`) });
        if (orderNo === '' || expressText === '' || logisticsNo === '') {
          refuse(MSG_ROW_INCOMPLETE);
          continue;
        }
        if (logisticsNo.length > 64) {
          refuse(MSG_LOGISTICS_NO_TOO_LONG);
          continue;
        }
        const company = companies.rows.find((candidate) => candidate.name === expressText || candidate.code === expressText);
        if (company === undefined) {
          refuse(MSG_EXPRESS_NOT_FOUND);
          continue;
        }
        try {
          const orderId = await inTransaction(db, async (trx) => {
            const found = await sql<{ id: string }>`select id from sale_order where tenant_id = ${tenantId} and no = ${orderNo}`.execute(trx);
            const id = found.rows[0]?.id;
            if (id === undefined) throw businessError(MSG_ORDER_NOT_FOUND);
            await deliverOrder(trx, actor, id, { expressId: company.id, logisticsNo });
            return id;
          });
          shippedIds.push(orderId);
          shipped += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refuse(error.message);
        }
      }
      afterShipped(ctx, request.log, tenantId, shippedIds);
      const outcome = { total: rows.length, imported: shipped, skipped: errors.length, errors, failed: errors.length };
      if (errors.length === 0) return ok(outcome, `批量发货完成：发货 ${shipped} 单`);
      return { ...ok(outcome, importSummaryMessage(shipped, errors.length)), code: 201 };
    }),
  );
}
