/**
 * Issue 32, "Done when" (the clock): with the server process on UTC and the shop in Shanghai (vitest.config.ts),
 * an order paid at a Shanghai morning hour — the previous day in UTC — shows that hour, carries that day's number,
 * prints that day in its contract, and is found by a 支付时间 filter for that day, exactly as the dashboard and
 * 销售报表 count it. The mini-program answers times on the shop's clock and amounts as numbers.
 */
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../../server/db/transactions';
import { addDays } from '../../../../server/reports/fact-store';
import { parseShopTime, shopDay } from '../../../../server/time/shop-time';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { ORDER_TYPE, type OrderRecord } from '../../entities';
import { orderDeps } from '../../server/deps';
import { createOrder as placeOrder, onPaid, receiverFromAddress } from '../../server/sales/service';
import { createOrder, shopper, stockedSku, T1, type Shopper } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

/** The shop's today; its 07:54:25 is yesterday 23:54:25 in UTC, where the server process runs. */
const today = shopDay();
const MORNING = `${today} 07:54:25`;
const morning = (): Date => {
  const at = parseShopTime(MORNING);
  if (at === null) throw new Error('no morning');
  return at;
};

async function pdfText(path: string, id: string): Promise<string> {
  const response = await demo.app.inject({ method: 'GET', url: `/api/saleorder/saleOrder/${path}?id=${encodeURIComponent(id)}`, headers: { ...T1, 'x-access-token': demo.admin } });
  expect(response.statusCode).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, '');
}

const listOf = (query: string) => call<{ records: OrderRecord[]; total: number }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?pageSize=100&${query}`, admin());

describe('an order paid at 07:54 in Shanghai (23:54 the day before in UTC)', () => {
  let order: { id: string; no: string };

  beforeAll(async () => {
    const buyer = await shopper(demo, '13900003201');
    const sku = await stockedSku(demo, 11, '58.00', 20);
    const deps = orderDeps({ services: demo.app.services });
    const at = morning();
    // Placed and paid through the services at that moment (numbers are taken by the actor's time), then its rows
    // moved there, as the demo trade is placed at its own dates.
    order = await inTransaction(demo.app.db, async (trx) => {
      const actor = { tenantId: 1, operator: 'admin', at };
      const receiver = await receiverFromAddress(trx, deps, 1, buyer.memberId, buyer.addressId);
      const created = await placeOrder(trx, deps, actor, {
        type: ORDER_TYPE.normal,
        memberId: buyer.memberId,
        customerId: null,
        lines: [{ skuId: sku, count: 1 }],
        receiver,
        usePoint: 0,
        couponId: null,
        userRemark: null,
        payChannel: null,
      });
      await onPaid(trx, deps, actor, created.id, 'demo', `CLOCK${created.no}`);
      await sql`update sale_order set create_time = ${at}::timestamptz - interval '2 minutes', pay_time = ${at} where id = ${created.id}`.execute(trx);
      return { id: created.id, no: created.no };
    });
  });

  it('shows 07:54:25 as its 支付时间 and is numbered by that day', async () => {
    expect(order.no).toMatch(new RegExp(`^SO${today.replace(/-/g, '')}\\d{6}$`));
    const listed = await listOf(`no=${order.no}`);
    expect(listed.body.result.records).toHaveLength(1);
    expect(listed.body.result.records[0]).toMatchObject({ no: order.no, payTime: MORNING, createTime: `${today} 07:52:25` });
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${order.id}`, admin());
    expect(detail.body.result.payTime).toBe(MORNING);
  });

  it('prints that day and hour in its contract and delivery note', async () => {
    const contract = await pdfText('contractPdf', order.id);
    expect(contract).toContain(`签订日期：${today}`);
    expect(contract).toContain(`甲方已于${today}07:54:25`);
    const note = await pdfText('deliveryNotePdf', order.id);
    expect(note).toContain(`日期：${today}`);
  });

  it('is found by a 支付时间 filter for that day, not the UTC day before; the filter finds exactly what 首页 and 销售报表 count as paid', async () => {
    const thatDay = await listOf(`payTime_begin=${today}&payTime_end=${today}`);
    expect(thatDay.body.result.records.map((record) => record.no)).toContain(order.no);
    const dayBefore = addDays(today, -1);
    const before = await listOf(`payTime_begin=${dayBefore}&payTime_end=${dayBefore}`);
    expect(before.body.result.records.map((record) => record.no)).not.toContain(order.no);
    // A time-of-day filter is the shop's wall clock too.
    const minute = await listOf(`payTime_begin=${encodeURIComponent(`${today} 07:54:00`)}&payTime_end=${encodeURIComponent(`${today} 07:54:59`)}`);
    expect(minute.body.result.records.map((record) => record.no)).toEqual([order.no]);

    const report = await call<{ paidOrderCount: number; daily: Array<{ date: string; paidOrderCount: number }> }>(
      demo.app,
      'GET',
      `/api/report/sales/summary?beginDate=${today}&endDate=${today}`,
      admin(),
    );
    expect(report.body.success, JSON.stringify(report.body)).toBe(true);
    expect(report.body.result.paidOrderCount).toBe(thatDay.body.result.total);
    const analysis = await call<{ today: string; cards: Array<{ key: string; today: string }> }>(demo.app, 'GET', '/api/dashboard/analysis', admin());
    expect(analysis.body.result.today).toBe(today);
    expect(analysis.body.result.cards.find((card) => card.key === 'payOrders')?.today).toBe(String(thatDay.body.result.total));
  });
});

/** Every string of an answer that looks like an ISO instant (`…T…Z` or with an offset), with where it was. */
function isoStrings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? [`${path}=${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => isoStrings(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => isoStrings(item, path === '' ? key : `${path}.${key}`));
  return [];
}

/** Every amount (a key naming a price or an amount) that is not a number, with where it was. */
function textAmounts(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => textAmounts(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = path === '' ? key : `${path}.${key}`;
    if (/(price|amount|balance)$/i.test(key) && item !== null && typeof item !== 'number') return [`${here}=${JSON.stringify(item)}`];
    return textAmounts(item, here);
  });
}

const SHOP_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('the mini-program API keeps the wire conventions: shop-clock times, amounts as numbers', () => {
  let buyer: Shopper;
  beforeAll(async () => {
    buyer = await shopper(demo, '13900003202');
  });

  it('answers every call of a purchase with YYYY-MM-DD HH:mm:ss times and numbers of yuan', async () => {
    const sku = await stockedSku(demo, 12, '19.90', 20);
    const get = (url: string) => call(demo.app, 'GET', `/api${url}`, { headers: buyer.headers });
    const post = (url: string, body: unknown) => call(demo.app, 'POST', `/api${url}`, { headers: buyer.headers, body });
    const settlement = await post('/app/order/settlement', { items: [{ skuId: sku, count: 2 }], addressId: buyer.addressId });
    expect(settlement.body.success, JSON.stringify(settlement.body)).toBe(true);
    expect(settlement.body.result).toMatchObject({ totalPrice: 39.8, items: [{ price: 19.9, count: 2 }] });
    const created = await createOrder(demo, buyer, [{ skuId: sku, count: 2 }]);
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    await post('/app/order/pay', { id: created.body.result.id });
    const detail = await get(`/app/order/detail?id=${created.body.result.id}`);
    const paidAt = (detail.body.result as { payTime: string }).payTime;
    expect(paidAt).toMatch(SHOP_TIME);
    // Paid a moment ago: the shop's clock now, not the server process's.
    expect(Math.abs((parseShopTime(paidAt)?.getTime() ?? 0) - Date.now())).toBeLessThan(120_000);
    const answers = [
      settlement,
      created,
      detail,
      await get('/app/order/page?pageNo=1&pageSize=5'),
      await get('/app/member/get'),
      await get('/app/address/list'),
      await get('/app/coupon/templates'),
      await get('/app/goods/spu/page?pageNo=1&pageSize=5'),
      await get(`/app/goods/spu/detail?id=${(await sql<{ spu_id: string }>`select spu_id from goods_sku where id = ${sku}`.execute(demo.app.db)).rows[0]?.spu_id ?? ''}`),
    ];
    for (const answer of answers) {
      expect(answer.body.success, JSON.stringify(answer.body).slice(0, 300)).toBe(true);
      expect(isoStrings(answer.body.result)).toEqual([]);
      expect(textAmounts(answer.body.result)).toEqual([]);
    }
  });
});
