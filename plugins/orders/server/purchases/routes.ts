import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { body, businessError, DateString, Id, Int, inTransaction, Line, MSG_ADDED, ok, permission, query, Reason, registerEntityRoutes, tenantOf, type AppContext } from '../../../../server/kit';
import { purchaseOrderEntity } from '../../purchase-entities';
import { Money, parseMoney } from '../money-input';
import { dictLookup, orderDeps } from '../deps';
import { orderLabels } from '../labels';
import type { Actor } from '../sales/service';
import {
  acceptPurchase,
  cancelPurchase,
  completePurchase,
  confirmPurchase,
  createPurchaseOrder,
  deliverPurchase,
  MSG_PURCHASE_NOT_FOUND,
  purchaseDetail,
  rejectPurchase,
} from './service';

/** 采购订单 (docs/business-api.md "Procurement (zcy)"): the list and export, the detail, entering an order, and each step a guarded action. */

const idBody = (extra: Parameters<typeof body>[0] = {}) => ({ querystring: query({}), body: body({ id: Id, ...extra }) });
const MSG_BAD_TAX = '税率须在 0 到 100 之间，最多两位小数';

interface AddBody {
  customerId: string;
  platformNo?: string;
  requiredDate?: string | null;
  contractNo?: string;
  invoiceTitle?: string;
  invoiceTaxNo?: string;
  discountPrice?: number | string;
  depositPrice?: number | string;
  remark?: string;
  items: Array<{ skuId: string; count: number; price?: number | string; taxPercent?: number | string }>;
}

const blankToNull = (value: string | undefined | null): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

function taxRate(raw: number | string | undefined): string {
  if (raw === undefined) return '0';
  const rate = parseMoney(raw);
  if (rate.isNegative() || rate.greaterThan(100)) throw businessError(MSG_BAD_TAX);
  return rate.toFixed(2);
}

export async function registerPurchaseRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const base = purchaseOrderEntity.api;
  const staff = (request: FastifyRequest): Actor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });
  const deps = () => orderDeps(ctx);

  await registerEntityRoutes(api, purchaseOrderEntity, { labels: orderLabels, actions: ['list', 'exportXls'] });

  api.get<{ Querystring: { id: string } }>(`${base}/queryById`, { ...permission('zcy:purchaseOrder:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const detail = await purchaseDetail(db, dictLookup(ctx, tenantOf(request)), tenantOf(request), request.query.id);
    if (detail === null) throw businessError(MSG_PURCHASE_NOT_FOUND);
    return ok(detail);
  });

  api.post<{ Body: AddBody }>(
    `${base}/add`,
    {
      ...permission('zcy:purchaseOrder:add'),
      schema: {
        querystring: query({}),
        body: body({
          customerId: Id,
          platformNo: Type.Optional(Line(64)),
          requiredDate: Type.Optional(Type.Union([DateString, Type.Null(), Type.Literal('')])),
          contractNo: Type.Optional(Line(64)),
          invoiceTitle: Type.Optional(Line(100)),
          invoiceTaxNo: Type.Optional(Line(32)),
          discountPrice: Type.Optional(Money),
          depositPrice: Type.Optional(Money),
          remark: Type.Optional(Line(500)),
          items: Type.Array(body({ skuId: Id, count: Int(1, 999_999), price: Type.Optional(Money), taxPercent: Type.Optional(Money) }), { minItems: 1, maxItems: 100 }),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      const money = (raw: number | string | undefined) => {
        const value = parseMoney(raw ?? 0);
        if (value.isNegative()) throw businessError('金额不能为负数');
        return value;
      };
      const created = await inTransaction(db, (trx) =>
        createPurchaseOrder(trx, deps(), staff(request), {
          customerId: input.customerId,
          platformNo: blankToNull(input.platformNo),
          requiredDate: blankToNull(input.requiredDate),
          contractNo: blankToNull(input.contractNo),
          invoiceTitle: blankToNull(input.invoiceTitle),
          invoiceTaxNo: blankToNull(input.invoiceTaxNo),
          discountPrice: money(input.discountPrice),
          depositPrice: money(input.depositPrice),
          remark: blankToNull(input.remark),
          lines: input.items.map((item) => ({
            skuId: item.skuId,
            count: item.count,
            ...(item.price === undefined ? {} : { price: money(item.price).toFixed(2) }),
            taxPercent: taxRate(item.taxPercent),
          })),
        }),
      );
      return ok(created, MSG_ADDED);
    },
  );

  api.post<{ Body: { id: string } }>(`${base}/confirm`, { ...permission('zcy:purchaseOrder:confirm'), schema: idBody() }, async (request) => {
    await inTransaction(db, (trx) => confirmPurchase(trx, deps(), staff(request), request.body.id));
    return ok(true, '已确认');
  });
  api.post<{ Body: { id: string; reason: string } }>(`${base}/reject`, { ...permission('zcy:purchaseOrder:reject'), schema: idBody({ reason: Reason() }) }, async (request) => {
    await inTransaction(db, (trx) => rejectPurchase(trx, staff(request), request.body.id, request.body.reason.trim()));
    return ok(true, '已拒绝');
  });
  api.post<{ Body: { id: string; reason: string } }>(`${base}/cancel`, { ...permission('zcy:purchaseOrder:cancel'), schema: idBody({ reason: Reason() }) }, async (request) => {
    await inTransaction(db, (trx) => cancelPurchase(trx, deps(), staff(request), request.body.id, request.body.reason.trim()));
    return ok(true, '已取消');
  });
  api.post<{ Body: { id: string; carrier?: string; logisticsNo?: string; items: Array<{ itemId: string; count: number }> } }>(
    `${base}/deliver`,
    {
      ...permission('zcy:purchaseOrder:deliver'),
      schema: idBody({
        carrier: Type.Optional(Line(64)),
        logisticsNo: Type.Optional(Line(64)),
        items: Type.Array(body({ itemId: Id, count: Int(0, 999_999) }), { minItems: 1, maxItems: 100 }),
      }),
    },
    async (request) => {
      const { id, carrier, logisticsNo, items } = request.body;
      await inTransaction(db, (trx) => deliverPurchase(trx, deps(), staff(request), id, { carrier: carrier?.trim() ?? '', logisticsNo: logisticsNo?.trim() ?? '', items }));
      return ok(true, '发货成功');
    },
  );
  api.post<{ Body: { id: string; remark?: string } }>(`${base}/accept`, { ...permission('zcy:purchaseOrder:accept'), schema: idBody({ remark: Type.Optional(Line(200)) }) }, async (request) => {
    await inTransaction(db, (trx) => acceptPurchase(trx, staff(request), request.body.id, request.body.remark?.trim() ?? ''));
    return ok(true, '已验收');
  });
  api.post<{ Body: { id: string } }>(`${base}/complete`, { ...permission('zcy:purchaseOrder:complete'), schema: idBody() }, async (request) => {
    await inTransaction(db, (trx) => completePurchase(trx, staff(request), request.body.id));
    return ok(true, '已完成');
  });
}
