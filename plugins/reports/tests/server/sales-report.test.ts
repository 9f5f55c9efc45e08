/**
 * 销售报表 (issue 15 "Done when"): orders placed and paid through the services, then moved to chosen
 * shop-zone times — an order paid at 23:59:59 and one at 00:00:00 the next day (paid across midnight),
 * a refund settled two days after its payment, an offline order of a customer — and every figure of
 * /report/sales/summary checked to the cent against the hand-computed ones, before and after the
 * roll-up job, a second roll-up changing nothing; a correction of a stored day is fixed by 重算.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { beforeFirstRollUp } from '../../../../tests/server/report-days';
import type { SalesCards, SalesSummary } from '../../server/sales/summary';
import { admin, moveRefund, placeSampleOrders, runRollUp, storedFacts } from './report-helpers';

const demo = useDemoServer();
const FROM = '2024-03-10';
const TO = '2024-03-12';

const summary = async (from: string, to: string, token = demo.admin) => call<SalesSummary>(demo.app, 'GET', `/api/report/sales/summary?beginDate=${from}&endDate=${to}`, { token, headers: { 'tenant-id': '1' } });

const zeroDay = (date: string) => ({ date, gmv: '0.00', paidOrderCount: 0, refundAmount: '0.00', turnover: '0.00', goodsPay: '0.00', recharge: '0.00', expense: '0.00', balancePay: '0.00', brokerage: '0.00' });
const day = (date: string, gmv: string, paidOrderCount: number, refundAmount: string) => ({ ...zeroDay(date), gmv, goodsPay: gmv, turnover: gmv, paidOrderCount, refundAmount, expense: refundAmount });

/** Hand-computed from the sample (report-helpers placeSampleOrders): 3 buyers (two members, one customer); 211 ÷ 3 = 70.333… */
const EXPECTED = {
  beginDate: FROM,
  endDate: TO,
  gmv: '211.00',
  paidOrderCount: 4,
  buyerCount: 3,
  avgPerBuyer: '70.33',
  refundAmount: '20.00',
  turnover: '211.00',
  recharge: '0.00',
  expense: '20.00',
  balancePay: '0.00',
  brokerage: '0.00',
  daily: [day('2024-03-10', '30.00', 1, '0.00'), day('2024-03-11', '181.00', 3, '0.00'), day('2024-03-12', '0.00', 0, '20.00')],
};

let o3 = '';

beforeAll(async () => {
  await beforeFirstRollUp(demo);
  o3 = (await placeSampleOrders(demo, ['13900001501', '13900001502'])).refunded;
});

describe('/report/sales/summary', () => {
  it('gives every figure to the cent, days cut at the shop-zone midnight, before any roll-up of those days', async () => {
    const answer = await summary(FROM, TO);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual(EXPECTED);
    // One day alone: the order paid at 00:00:00 is the 11th's, its buyer counted once per range.
    expect((await summary('2024-03-11', '2024-03-11')).body.result).toMatchObject({ gmv: '181.00', paidOrderCount: 3, buyerCount: 3, avgPerBuyer: '60.33', refundAmount: '0.00' });
    expect((await summary('2024-03-09', '2024-03-09')).body.result).toMatchObject({ gmv: '0.00', buyerCount: 0, avgPerBuyer: '0.00', daily: [zeroDay('2024-03-09')] });
  });

  it('gives the same figures after the roll-up job, and a second run stores the same rows', async () => {
    await runRollUp(demo);
    const stored = await storedFacts(demo, FROM, TO);
    expect(stored).toContain('2024-03-10 trade.payPrice  30.00');
    expect(stored).toContain('2024-03-12 trade.refundPrice  20.00');
    expect((await summary(FROM, TO)).body.result).toEqual(EXPECTED);
    await runRollUp(demo);
    expect(await storedFacts(demo, FROM, TO)).toEqual(stored);
    expect((await summary(FROM, TO)).body.result).toEqual(EXPECTED);
  });

  it('keeps a corrected stored day stale until 重算, then shows it', async () => {
    await moveRefund(demo, o3, '2024-03-11 21:00:00');
    expect((await summary(FROM, TO)).body.result.daily[2]?.refundAmount).toBe('20.00');
    const rebuilt = await call<{ rows: number }>(demo.app, 'POST', '/api/report/rollup/rebuild', { ...admin(demo), body: { beginDate: FROM, endDate: TO } });
    expect(rebuilt.body).toMatchObject({ success: true, message: '报表已重算' });
    const after = (await summary(FROM, TO)).body.result;
    expect(after.daily.map((row) => row.refundAmount)).toEqual(['0.00', '20.00', '0.00']);
    expect(after.refundAmount).toBe('20.00');
    await moveRefund(demo, o3, '2024-03-12 09:00:00');
    await call(demo.app, 'POST', '/api/report/rollup/rebuild', { ...admin(demo), body: { beginDate: FROM, endDate: TO } });
    expect((await summary(FROM, TO)).body.result).toEqual(EXPECTED);
  });

  it('refuses bad ranges with 400 and a Chinese message', async () => {
    expect((await summary('2024-02-30', TO)).status).toBe(400);
    expect((await summary('2024-02-30', TO)).body.message).toBe('参数校验失败：beginDate 不是存在的日期（应为 YYYY-MM-DD）');
    expect((await summary(TO, FROM)).body).toMatchObject({ success: false, code: 400, message: '参数校验失败：开始日期不能晚于结束日期' });
    expect((await summary('2023-01-01', '2024-01-02')).body).toMatchObject({ success: false, code: 400, message: '参数校验失败：日期范围不能超过 366 天' });
    expect((await summary('2023-01-01', '2023-12-31')).status).toBe(200);
    const missing = await call(demo.app, 'GET', '/api/report/sales/summary?beginDate=2024-03-10', admin(demo));
    expect(missing.status).toBe(400);
  });

  it('lets a clerk read the report but not export it or 重算 (403)', async () => {
    // The clerk belongs to no shop tenant: the report answers (its own, empty, figures), the others refuse.
    const read = await call<SalesSummary>(demo.app, 'GET', `/api/report/sales/summary?beginDate=${FROM}&endDate=${TO}`, { token: demo.clerk });
    expect(read.status).toBe(200);
    expect(read.body.result, JSON.stringify(read.body)).toMatchObject({ gmv: '0.00', paidOrderCount: 0, buyerCount: 0 });
    const exported = await call(demo.app, 'GET', `/api/report/sales/exportXls?beginDate=${FROM}&endDate=${TO}`, { token: demo.clerk });
    expect(exported.status).toBe(403);
    const rebuilt = await call(demo.app, 'POST', '/api/report/rollup/rebuild', { token: demo.clerk, body: { beginDate: FROM, endDate: TO } });
    expect(rebuilt.status).toBe(403);
  });
});

describe('/report/sales/cards and export', () => {
  it('gives 昨日/前日 and 本月/上月同期 ranges that agree with the summary of the same days', async () => {
    const cards = (await call<SalesCards>(demo.app, 'GET', '/api/report/sales/cards', admin(demo))).body.result;
    expect(cards.yesterday.beginDate).toBe(cards.yesterday.endDate);
    for (const figures of [cards.yesterday, cards.dayBefore, cards.month, cards.lastMonthSameDays]) {
      const same = (await summary(figures.beginDate, figures.endDate)).body.result;
      expect({ payPrice: figures.payPrice, payOrders: figures.payOrders }).toEqual({ payPrice: same.gmv, payOrders: same.paidOrderCount });
    }
  });

  it('exports the figures as an xlsx workbook', async () => {
    const response = await demo.app.inject({ method: 'GET', url: `/api/report/sales/exportXls?beginDate=${FROM}&endDate=${TO}`, headers: { 'x-access-token': demo.admin, 'tenant-id': '1' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const totals = book.getWorksheet('汇总');
    const rows = new Map<string, unknown>();
    totals?.eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(rows.get('商品支付（销售额）')).toBe('211.00');
    expect(rows.get('客单价')).toBe('70.33');
    const daily = book.getWorksheet('每日交易');
    expect(daily?.getRow(5).values).toEqual([undefined, '2024-03-11', 181, 181, 0, 0, 0, 0, 0, 3]);
  });
});
