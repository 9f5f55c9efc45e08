import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { body, businessError, inTransaction, Line, Mobile, moneyOnWire, ok, query, unauthorized, type AppContext } from '../../../server/kit';
import { applyForDistribution, applyWithdraw, MSG_BAD_PRICE } from './distribution-service';

/** The mini-program's distribution calls (docs/business-api.md "The mini-program"): a member's own only. */

const member = (request: FastifyRequest) => {
  if (request.member === null) throw unauthorized();
  return request.member;
};

function parsePrice(raw: number | string): Decimal {
  let value: Decimal;
  try {
    value = new Decimal(typeof raw === 'string' ? raw.trim() : raw);
  } catch {
    throw businessError(MSG_BAD_PRICE);
  }
  if (!value.isFinite() || value.decimalPlaces() > 2 || !value.greaterThan(0) || value.greaterThan('999999999999.99')) throw businessError(MSG_BAD_PRICE);
  return value;
}

export function registerDistributionAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  api.post<{ Body: { name: string; mobile: string } }>(
    '/app/brokerage/apply',
    { config: { access: 'member' }, schema: { querystring: query({}), body: body({ name: Line(50, 1), mobile: Mobile }) } },
    async (request) => {
      const me = member(request);
      const name = request.body.name.trim();
      if (name === '') throw businessError('请填写姓名');
      const id = await inTransaction(db, (trx) => applyForDistribution(trx, ctx.services.get('members'), me.tenantId, me.memberId, { name, mobile: request.body.mobile }));
      return ok({ id }, '申请已提交，请等待审核');
    },
  );

  api.post<{ Body: { price: number | string; type: string | number; name: string; account: string } }>(
    '/app/brokerage/withdraw',
    {
      config: { access: 'member' },
      schema: {
        querystring: query({}),
        body: body({ price: Type.Union([Type.Number(), Line(20, 1)]), type: Type.Union([Line(2, 1), Type.Integer()]), name: Line(50, 1), account: Line(100, 1) }),
      },
    },
    async (request) => {
      const me = member(request);
      const input = request.body;
      const name = input.name.trim();
      const account = input.account.trim();
      if (name === '' || account === '') throw businessError('请填写收款人和收款账户');
      const price = parsePrice(input.price);
      const created = await inTransaction(db, (trx) => applyWithdraw(trx, me.tenantId, me.memberId, { price, type: String(input.type), name, account }));
      // Amounts as numbers of yuan on the mini-program's wire (docs/business-api.md).
      return ok({ id: created.id, feePrice: moneyOnWire(created.feePrice), payoutPrice: moneyOnWire(created.payoutPrice) }, '提现申请已提交');
    },
  );
}
