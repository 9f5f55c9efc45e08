/**
 * 商品报表 (issue 15, docs/reference/business-domains.md §6 per-SPU figures): 浏览量 and 访客数 recorded by the member API's
 * detail read, the per-SPU sales figures and 访客-支付转化率 against orders placed, paid and refunded in
 * the test (moved to days of 2024; the refund settled two days after the payment), the ranking's
 * allow-listed sort, the export, and the same answers from stored days as from live ones.
 */
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { beforeFirstRollUp, forgetStoredDays } from '../../../../tests/server/report-days';
import { at, get, order, rolledThrough, runJob, shopper, staffCall, stockedSku, T1, type Shopper } from './goods-helpers';

const demo = useDemoServer();
// Backdated orders below are read live, as before the shop's first roll-up.
beforeAll(() => beforeFirstRollUp(demo));

interface Figures {
  views: number;
  visitors: number;
  orderCount: number;
  payCount: number;
  payPrice: string;
  payBuyers: number;
  refundCount: number;
  refundPrice: string;
  conversion: string | null;
}
type RankRow = Figures & { spuId: string; no: number | null; name: string };
interface Summary {
  range: { beginDate: string; endDate: string };
  previous: { beginDate: string; endDate: string };
  current: Figures;
  before: Figures;
  change: Record<keyof Figures, string | null>;
}
interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

const DAY = '2024-03-05';
const REFUND_DAY = '2024-03-07';
const RANGE = `beginDate=${DAY}&endDate=${REFUND_DAY}`;

const summary = async (query: string) => (await get<Summary>(demo, `/report/goods/summary?${query}`)).body;
const rank = async (query: string) => (await get<Page<RankRow>>(demo, `/report/goods/rank?${query}`)).body;
const trend = async (query: string) => (await get<{ daily: Array<Figures & { date: string }> }>(demo, `/report/goods/trend?${query}`)).body;

const view = (member: Shopper, spuId: string) => call(demo.app, 'GET', `/api/app/goods/spu/detail?id=${spuId}`, { headers: member.headers });
const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

describe('商品报表', () => {
  let first: Shopper;
  let second: Shopper;
  let spuA: string;
  let spuB: string;
  const lines: Array<{ spu_id: string; count: number; pay_price: string; paid: boolean }> = [];
  let refunded = '';

  it('counts each member view of an SPU detail (浏览量) and the members viewing it (访客数)', async () => {
    first = await shopper(demo, '13900015001');
    second = await shopper(demo, '13900015002');
    const a = await stockedSku(demo, 30, '88.00', 50);
    const b = await stockedSku(demo, 45, '19.90', 50);
    spuA = a.spuId;
    spuB = b.spuId;
    expect(spuA).not.toBe(spuB);
    for (const [member, spu] of [[first, spuA], [first, spuA], [second, spuA]] as const) expect((await view(member, spu)).body.success).toBe(true);
    // A view of goods that are not on sale is refused and not counted.
    expect((await view(first, 'nosuchspu')).body).toMatchObject({ success: false, message: '商品不存在或已下架' });
    const rows = await sql<{ member_id: string; views: number }>`select member_id, views from goods_spu_view where tenant_id = 1 and spu_id = ${spuA} order by views desc`.execute(demo.app.db);
    expect(rows.rows).toEqual([
      { member_id: first.memberId, views: 2 },
      { member_id: second.memberId, views: 1 },
    ]);
    // Today's ranking (live) has them.
    const today = (await sql<{ day: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(demo.app.db)).rows[0]?.day ?? '';
    const live = await rank(`beginDate=${today}&endDate=${today}&column=views&pageSize=100`);
    expect(live.result.records.find((row) => row.spuId === spuA)).toMatchObject({ views: 3, visitors: 2 });
    await sql`update goods_spu_view set day = ${DAY}::date where tenant_id = 1 and spu_id = ${spuA}`.execute(demo.app.db);
  });

  it('gives the per-SPU figures and the conversion of orders placed, paid and refunded', async () => {
    const skuA = (await sql<{ id: string }>`select id from goods_sku where spu_id = ${spuA} order by id limit 1`.execute(demo.app.db)).rows[0]?.id ?? '';
    const skuB = (await sql<{ id: string }>`select id from goods_sku where spu_id = ${spuB} order by id limit 1`.execute(demo.app.db)).rows[0]?.id ?? '';
    await sql`update goods_sku set stock = 50, lock_stock = 0 where id in (${skuA}, ${skuB})`.execute(demo.app.db);
    const o1 = await order(demo, first, [{ skuId: skuA, count: 2 }]);
    const o2 = await order(demo, second, [{ skuId: skuA, count: 1 }]);
    const o3 = await order(demo, second, [{ skuId: skuA, count: 1 }], false);
    const o4 = await order(demo, first, [{ skuId: skuB, count: 1 }]);
    for (const [placed, paid] of [[o1, true], [o2, true], [o3, false], [o4, true]] as const) for (const line of placed.lines) lines.push({ ...line, paid });
    const ids = [o1.id, o2.id, o3.id, o4.id];
    await sql`update sale_order set create_time = ${at(`${DAY} 10:00:00`)}, pay_time = case when pay_time is null then null else ${at(`${DAY} 10:05:00`)} end where id in (${sql.join(ids)})`.execute(demo.app.db);

    // The second buyer's line of A is refunded in full, settled two days later.
    const line = o2.lines.find((row) => row.spu_id === spuA && !row.gift);
    if (line === undefined) throw new Error('no line of A');
    const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: line.id, way: '10', refundPrice: line.pay_price, applyReason: '不想要了' }, headers: second.headers });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/agree', { ...staffCall(demo), body: { id: applied.body.result.id } })).body.success).toBe(true);
    expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/refund', { ...staffCall(demo), body: { id: applied.body.result.id } })).body.success).toBe(true);
    await sql`update sale_refund_order set create_time = ${at(`${REFUND_DAY} 09:00:00`)}, success_time = ${at(`${REFUND_DAY} 09:00:00`)} where after_sale_id = ${applied.body.result.id}`.execute(demo.app.db);
    refunded = line.pay_price;

    const aLines = lines.filter((row) => row.spu_id === spuA);
    const paidA = aLines.filter((row) => row.paid);
    const body = await rank(`${RANGE}&pageSize=100`);
    expect(body.success).toBe(true);
    const spuAName = (await sql<{ no: string; name: string; pic_url: string | null }>`select no::text as no, name, pic_url from goods_spu where id = ${spuA}`.execute(demo.app.db)).rows[0];
    expect(body.result.records.find((row) => row.spuId === spuA)).toEqual({
      spuId: spuA,
      // 商品编号: the SPU's number, shown instead of its id.
      no: Number(spuAName?.no),
      name: spuAName?.name,
      picUrl: spuAName?.pic_url ?? null,
      views: 3,
      visitors: 2,
      orderCount: 4,
      payCount: 3,
      payPrice: sum(paidA.map((row) => row.pay_price)),
      payBuyers: 2,
      refundCount: 1,
      refundPrice: refunded,
      // 支付人数 ÷ 访客数 = 2 ÷ 2.
      conversion: '100.00',
    });
    expect(body.result.records.find((row) => row.spuId === spuB)).toMatchObject({ views: 0, visitors: 0, orderCount: 1, payCount: 1, payBuyers: 1, conversion: null });

    // The overview adds every line of the range (gift lines included) and compares with the 3 days before.
    const overview = await summary(RANGE);
    expect(overview.result.range).toEqual({ beginDate: DAY, endDate: REFUND_DAY });
    expect(overview.result.previous).toEqual({ beginDate: '2024-03-02', endDate: '2024-03-04' });
    expect(overview.result.current).toMatchObject({
      views: 3,
      visitors: 2,
      orderCount: lines.reduce((total, row) => total + row.count, 0),
      payCount: lines.filter((row) => row.paid).reduce((total, row) => total + row.count, 0),
      payPrice: sum(lines.filter((row) => row.paid).map((row) => row.pay_price)),
      refundCount: 1,
      refundPrice: refunded,
    });
    expect(overview.result.before).toMatchObject({ views: 0, payPrice: '0.00', conversion: null });
    expect(overview.result.change.payPrice).toBeNull();

    // The refund counts on its settle day, never on the payment's.
    expect((await summary(`beginDate=${DAY}&endDate=${DAY}`)).result.current).toMatchObject({ payCount: overview.result.current.payCount, refundCount: 0, refundPrice: '0.00' });
    expect((await summary(`beginDate=2024-03-06&endDate=${REFUND_DAY}`)).result.current).toMatchObject({ payCount: 0, refundCount: 1, refundPrice: refunded, views: 0 });
    // 环比: the day after compared with the payment day.
    const next = await summary('beginDate=2024-03-06&endDate=2024-03-06');
    expect(next.result.previous).toEqual({ beginDate: DAY, endDate: DAY });
    expect(next.result.change.payCount).toBe('-100.00');

    const daily = await trend(RANGE);
    expect(daily.result.daily.map((day) => [day.date, day.payCount, day.refundPrice])).toEqual([
      [DAY, overview.result.current.payCount, '0.00'],
      ['2024-03-06', 0, '0.00'],
      [REFUND_DAY, 0, refunded],
    ]);
  });

  it('sorts the ranking by an allow-listed column only, and pages it', async () => {
    const byPayCount = await rank(`${RANGE}&column=payCount&order=asc&pageSize=100`);
    const counts = byPayCount.result.records.map((row) => row.payCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const byViews = await rank(`${RANGE}&column=views&order=desc&pageSize=1`);
    expect(byViews.result).toMatchObject({ total: byPayCount.result.total, size: 1, current: 1 });
    expect(byViews.result.records.map((row) => row.spuId)).toEqual([spuA]);
    // A hostile column or order is ignored: the default order (支付金额, largest first), never an error.
    const fallback = await rank(`${RANGE}&pageSize=100`);
    for (const column of ['name;drop table goods_spu', 'spuId', '__proto__', 'constructor']) {
      const hostile = await get<Page<RankRow>>(demo, `/report/goods/rank?${RANGE}&pageSize=100&column=${encodeURIComponent(column)}&order=${encodeURIComponent("desc'--")}`);
      expect(hostile.status).toBe(200);
      expect(hostile.body.result.records).toEqual(fallback.result.records);
    }
    const amounts = fallback.result.records.map((row) => new Decimal(row.payPrice));
    expect(amounts.every((amount, index) => index === 0 || amount.lessThanOrEqualTo(amounts[index - 1] ?? amount))).toBe(true);
    const second = await rank(`${RANGE}&column=payPrice&pageSize=1&pageNo=2`);
    expect(second.result.records[0]?.spuId).toBe(fallback.result.records[1]?.spuId);
    // Each ranked SPU carries its name (through the goods plugin's stock contract).
    const names = await sql<{ id: string; name: string }>`select id, name from goods_spu where id in (${spuA}, ${spuB})`.execute(demo.app.db);
    const expected = new Map(names.rows.map((row) => [row.id, row.name]));
    for (const row of fallback.result.records.filter((record) => record.spuId === spuA || record.spuId === spuB)) expect(row.name).toBe(expected.get(row.spuId));
  });

  it('refuses a reversed or too long range, and keeps the export to its own permission', async () => {
    const reversed = await get(demo, `/report/goods/summary?beginDate=${REFUND_DAY}&endDate=${DAY}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('参数校验失败：开始日期不能晚于结束日期');
    expect((await get(demo, '/report/goods/trend?beginDate=2023-01-01&endDate=2024-12-31')).body.message).toBe('参数校验失败：日期范围不能超过367天');
    expect((await get(demo, '/report/goods/trend?beginDate=2024-02-30&endDate=2024-03-01')).status).toBe(400);
    // The clerk reads the report but may not export it.
    const asClerk = await get(demo, `/report/goods/summary?${RANGE}`, demo.clerk);
    expect(asClerk.body.success, JSON.stringify(asClerk.body)).toBe(true);
    expect((await get(demo, `/report/goods/exportXls?${RANGE}`, demo.clerk)).status).toBe(403);
  });

  it('exports the overview and the whole ranking with the same figures', async () => {
    const response = await demo.app.inject({ method: 'GET', url: `/api/report/goods/exportXls?${RANGE}&column=payPrice`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw new Error('no sheet');
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value)))));
    const overview = (await summary(RANGE)).result;
    expect(rows[0]?.[0]).toBe('商品报表');
    expect(rows).toContainEqual(['支付金额', overview.current.payPrice, overview.before.payPrice]);
    expect(rows).toContainEqual(['访客-支付转化率(%)', overview.current.conversion ?? '']);
    const ranking = (await rank(`${RANGE}&pageSize=100`)).result.records;
    const a = ranking.find((row) => row.spuId === spuA);
    // 商品编号 and 商品名称, never the id.
    expect(rows).toContainEqual([String(a?.no), a?.name, '3', '2', '4', '3', a?.payPrice, '2', '1', refunded, '100.00']);
    expect(rows.flat()).not.toContain(spuA);
    expect(rows.filter((row) => ranking.some((record) => String(record.no) === row[0]))).toHaveLength(ranking.length);
  });

  it('never gives a conversion above 100 %, and — (null) when no visit was recorded (issue 32)', async () => {
    // Another day of 2024: SPU C viewed by one member and bought by two (the second without opening its
    // detail: a repeat purchase), SPU D bought with no visit at all.
    const day = '2024-04-02';
    const c = await stockedSku(demo, 31, '5.00', 50);
    const d = await stockedSku(demo, 46, '6.00', 50);
    expect((await view(first, c.spuId)).body.success).toBe(true);
    await sql`update goods_spu_view set day = ${day}::date where tenant_id = 1 and spu_id = ${c.spuId} and day <> ${DAY}::date`.execute(demo.app.db);
    const placed = [await order(demo, first, [{ skuId: c.skuId, count: 1 }]), await order(demo, second, [{ skuId: c.skuId, count: 1 }]), await order(demo, second, [{ skuId: d.skuId, count: 1 }])];
    await sql`update sale_order set create_time = ${at(`${day} 10:00:00`)}, pay_time = ${at(`${day} 10:05:00`)} where id in (${sql.join(placed.map((one) => one.id))})`.execute(demo.app.db);
    const ranked = (await rank(`beginDate=${day}&endDate=${day}&pageSize=100`)).result.records;
    // 2 buyers ÷ 1 visitor was 200.00 %: the rate stops at 100.
    expect(ranked.find((row) => row.spuId === c.spuId)).toMatchObject({ visitors: 1, payBuyers: 2, conversion: '100.00' });
    expect(ranked.find((row) => row.spuId === d.spuId)).toMatchObject({ visitors: 0, payBuyers: 1, conversion: null });
    const overview = (await summary(`beginDate=${day}&endDate=${day}`)).result.current;
    expect(overview).toMatchObject({ visitors: 1, conversion: '100.00' });
    expect(overview.payBuyers).toBeGreaterThan(overview.visitors);
  });

  it('answers the same from stored days as from live ones once the roll-up ran', async () => {
    await forgetStoredDays(demo);
    const live = { summary: (await summary(RANGE)).result, trend: (await trend(RANGE)).result, rank: (await rank(`${RANGE}&pageSize=100`)).result };
    expect(live.rank.records.find((row) => row.spuId === spuA)?.views).toBe(3);
    await runJob(demo, 'report.rollUp');
    expect(await rolledThrough(demo)).not.toBeNull();
    const stored = await sql<{ metric: string; value: string }>`select metric, value::text as value from rpt_daily_fact where tenant_id = 1 and dim = ${spuA} and day = ${DAY}::date and metric in ('goods.views', 'goods.visitors') order by metric`.execute(demo.app.db);
    expect(stored.rows.map((row) => [row.metric, Number(row.value)])).toEqual([
      ['goods.views', 3],
      ['goods.visitors', 2],
    ]);
    expect({ summary: (await summary(RANGE)).result, trend: (await trend(RANGE)).result, rank: (await rank(`${RANGE}&pageSize=100`)).result }).toEqual(live);
  });
});
