/**
 * 订单报表 and the orders' per-SPU facts (issue 15 "Done when"): the sample orders (report-helpers
 * placeSampleOrders — paid across midnight, a refund settled on a later day, an offline order) give
 * each figure of /report/order/summary to the cent — counts, amounts, refund rate, order events, shares by
 * 来源 / 支付方式 / 类型 with the dictionary texts — before and after the roll-up job; the stored
 * per-SPU facts (商品报表's) equal the hand figures; the trend agrees with the summary of its days.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../server/reports/fact-store';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { beforeFirstRollUp } from '../../../../tests/server/report-days';
import type { OrderSummary, OrderTrend } from '../../server/orders/summary';
import { admin, placeSampleOrders, runRollUp, storedFacts, type SampleOrders } from './report-helpers';

const demo = useDemoServer();
const FROM = '2024-03-10';
const TO = '2024-03-12';

const summary = async (from: string, to: string) => call<OrderSummary>(demo.app, 'GET', `/api/report/order/summary?beginDate=${from}&endDate=${to}`, admin(demo));

const EXPECTED: OrderSummary = {
  beginDate: FROM,
  endDate: TO,
  createdOrderCount: 5,
  paidOrderCount: 4,
  payAmount: '211.00',
  refundOrderCount: 1,
  refundAmount: '20.00',
  refundRate: '25.00',
  // Events, not a backlog: 5 orders were placed and 4 paid in the range, whatever state they are in now.
  events: [
    { event: 'created', status: '0', label: '下单', count: 5 },
    { event: 'paid', status: '10', label: '支付', count: 4 },
    { event: 'delivered', status: '20', label: '发货', count: 0 },
    { event: 'completed', status: '30', label: '完成', count: 0 },
    { event: 'closed', status: '40', label: '关闭', count: 0 },
  ],
  byTerminal: [
    { key: '10', label: '微信小程序', count: 3, amount: '120.00', percent: '75.00' },
    { key: '0', label: '后台录入', count: 1, amount: '91.00', percent: '25.00' },
  ],
  byChannel: [
    { key: 'demo', label: '模拟支付', count: 3, amount: '120.00', percent: '75.00' },
    { key: 'cash', label: '现金', count: 1, amount: '91.00', percent: '25.00' },
  ],
  byType: [
    { key: '0', label: '普通订单', count: 3, amount: '120.00', percent: '75.00' },
    { key: '1', label: '线下订单', count: 1, amount: '91.00', percent: '25.00' },
  ],
};

let sample: SampleOrders;

beforeAll(async () => {
  await beforeFirstRollUp(demo);
  sample = await placeSampleOrders(demo, ['13900001601', '13900001602']);
});

describe('/report/order/summary', () => {
  it('gives every figure to the cent before the roll-up, and a day cut at the shop-zone midnight', async () => {
    expect((await summary(FROM, TO)).body.result).toEqual(EXPECTED);
    // The 10th alone: O1 paid 23:59:59; O2 created that day but paid at 00:00:00 on the 11th.
    const tenth = (await summary(FROM, FROM)).body.result;
    expect(tenth).toMatchObject({ createdOrderCount: 2, paidOrderCount: 1, payAmount: '30.00', refundOrderCount: 0, refundRate: '0.00' });
    // The refund settled on the 12th: a range without a payment has a refund and a rate of 0 (no paid order).
    expect((await summary(TO, TO)).body.result).toMatchObject({ paidOrderCount: 0, refundOrderCount: 1, refundAmount: '20.00', refundRate: '0.00', byChannel: [] });
  });

  it('gives the same figures after the roll-up job, and the per-SPU facts equal the hand figures', async () => {
    await runRollUp(demo);
    expect((await summary(FROM, TO)).body.result).toEqual(EXPECTED);
    const stored = await storedFacts(demo, FROM, TO);
    const goods = stored.filter((line) => line.includes(' goods.'));
    const { a, b } = sample;
    expect(goods).toEqual(
      [
        // Created: O1 A, O2 B×2 on the 10th; O3 A+B, O5 A×2 on the 11th; O4 A on the 12th.
        `2024-03-10 goods.orderCount ${a.spuId} 1.00`,
        `2024-03-10 goods.orderCount ${b.spuId} 2.00`,
        `2024-03-10 goods.payBuyers ${a.spuId} 1.00`,
        `2024-03-10 goods.payCount ${a.spuId} 1.00`,
        `2024-03-10 goods.payPrice ${a.spuId} 30.00`,
        `2024-03-11 goods.orderCount ${a.spuId} 3.00`,
        `2024-03-11 goods.orderCount ${b.spuId} 1.00`,
        // Paid on the 11th: A by m1 (O3) and the customer (O5, 2 at 45.50); B by m2 (O2, 2) and m1 (O3).
        `2024-03-11 goods.payBuyers ${a.spuId} 2.00`,
        `2024-03-11 goods.payBuyers ${b.spuId} 2.00`,
        `2024-03-11 goods.payCount ${a.spuId} 3.00`,
        `2024-03-11 goods.payCount ${b.spuId} 3.00`,
        `2024-03-11 goods.payPrice ${a.spuId} 121.00`,
        `2024-03-11 goods.payPrice ${b.spuId} 60.00`,
        `2024-03-12 goods.orderCount ${a.spuId} 1.00`,
        `2024-03-12 goods.refundCount ${b.spuId} 1.00`,
        `2024-03-12 goods.refundPrice ${b.spuId} 20.00`,
      ].sort(),
    );
    const before = await storedFacts(demo, FROM, TO);
    await runRollUp(demo);
    expect(await storedFacts(demo, FROM, TO)).toEqual(before);
  });

  it('refuses bad ranges with 400, a clerk\'s export with 403', async () => {
    expect((await summary(TO, FROM)).body).toMatchObject({ code: 400, message: '参数校验失败：开始日期不能晚于结束日期' });
    expect((await call(demo.app, 'GET', '/api/report/order/summary?beginDate=2024-3-1&endDate=2024-03-02', admin(demo))).status).toBe(400);
    expect((await call(demo.app, 'GET', `/api/report/order/exportXls?beginDate=${FROM}&endDate=${TO}`, { token: demo.clerk })).status).toBe(403);
    expect((await call(demo.app, 'GET', `/api/report/order/summary?beginDate=${FROM}&endDate=${TO}`, { token: demo.clerk })).status).toBe(200);
  });
});

describe('/report/order/trend and export', () => {
  it('sums the current period to date against the previous one, per slot, as the summary of the same days', async () => {
    for (const period of ['week', 'month', 'year'] as const) {
      const trend = (await call<OrderTrend>(demo.app, 'GET', `/api/report/order/trend?period=${period}`, admin(demo))).body.result;
      const yesterday = (await call<{ yesterday: { endDate: string } }>(demo.app, 'GET', '/api/report/sales/cards', admin(demo))).body.result.yesterday.endDate;
      const today = addDays(yesterday, 1);
      const current = (await summary(trend.current.from, today)).body.result;
      expect({ amount: trend.currentAmount, count: trend.currentCount }).toEqual({ amount: current.payAmount, count: current.paidOrderCount });
      expect(trend.points.reduce((sum, point) => sum + point.currentCount, 0)).toBe(current.paidOrderCount);
      const whole = (await summary(trend.previous.from, trend.previous.to)).body.result;
      expect(trend.points.reduce((sum, point) => sum + point.previousCount, 0)).toBe(whole.paidOrderCount);
      expect(trend.points.length).toBe(period === 'week' ? 7 : period === 'year' ? 12 : trend.points.length);
    }
    expect((await call(demo.app, 'GET', '/api/report/order/trend?period=day', admin(demo))).status).toBe(400);
  });

  it('exports the figures as an xlsx workbook', async () => {
    const response = await demo.app.inject({ method: 'GET', url: `/api/report/order/exportXls?beginDate=${FROM}&endDate=${TO}&period=month`, headers: { 'x-access-token': demo.admin, 'tenant-id': '1' } });
    expect(response.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const channel = book.getWorksheet('支付方式');
    expect(channel?.getRow(4).values).toEqual([undefined, '模拟支付', 3, 120, '75.00']);
    const totals = new Map<string, unknown>();
    book.getWorksheet('汇总')?.eachRow((row) => totals.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(totals.get('退款率(%)')).toBe('25.00');
    expect(totals.get('支付金额')).toBe('211.00');
    const events = book.getWorksheet('订单事件');
    expect(events?.getRow(3).values).toEqual([undefined, '事件', '发生该事件的订单数']);
    expect([4, 5, 6, 7, 8].map((row) => events?.getRow(row).values)).toEqual([
      [undefined, '下单', 5],
      [undefined, '支付', 4],
      [undefined, '发货', 0],
      [undefined, '完成', 0],
      [undefined, '关闭', 0],
    ]);
    expect(book.getWorksheet('订单状态')).toBeUndefined();
  });
});
