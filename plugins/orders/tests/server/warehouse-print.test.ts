/**
 * The warehouse's prints of a batch of orders (issue 36): the 配货单 (goods summed by SKU, then each order) and the
 * 面单 (one 100 × 150 mm page per order with its Code 128 and QR code drawn as vectors), each print on the orders'
 * logs; and 批量发货 from the list's selection, order by order.
 */
import { inflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { expressId, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

/** 100 × 150 mm in points. */
const LABEL_WIDTH = 283.46;
const LABEL_HEIGHT = 425.2;

interface Placed {
  id: string;
  no: string;
  receiver: string;
  mobile: string;
}

interface Goods {
  skuId: string;
  code: string;
  barCode: string;
  /** 库位, '' when none. */
  location: string;
  name: string;
  spec: string;
}

const squeeze = (value: string) => value.replace(/\s+/g, '');

async function goodsOf(skuId: string): Promise<Goods> {
  const found = await sql<{ no: string | null; bar_code: string | null; location: string | null; name: string; spec: string | null }>`select s.no::text as no, k.bar_code,
      k.location, coalesce(s.name, k.spu_name) as name, k.spec_text as spec from goods_sku k join goods_spu s on s.id = k.spu_id where k.id = ${skuId}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no SKU ${skuId}`);
  return { skuId, code: row.no ?? '', barCode: row.bar_code ?? '', location: row.location ?? '', name: row.name, spec: row.spec ?? '' };
}

/** Puts the SKU on a shelf (库位), or takes it off every shelf with null. */
async function shelve(goods: Goods, location: string | null): Promise<Goods> {
  await sql`update goods_sku set location = ${location} where id = ${goods.skuId}`.execute(demo.app.db);
  return { ...goods, location: location ?? '' };
}

/** A summary row's cells as the text runs them together: 库位, 编号, barcode, name, spec (brackets matched as any). */
const goodsCells = (goods: Goods) => [goods.location, goods.code, goods.barCode, squeeze(goods.name), squeeze(goods.spec)].join('').replace(/[()（）[\]]/g, '.');

/** A paid offline order sent by express to its own receiver in 杭州市西湖区 (region 330106). */
async function placeOrder(receiver: string, mobile: string, items: Array<{ skuId: string; count: number }>, paid = true): Promise<Placed> {
  const members = await sql<{ id: string }>`select id from cust_member where tenant_id = 1 order by id limit 1`.execute(demo.app.db);
  const created = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', {
    ...admin(),
    body: {
      memberId: members.rows[0]?.id,
      items: items.map((item) => ({ ...item, price: '10.00' })),
      payType: 'cash',
      paid,
      deliveryType: '1',
      receiverName: receiver,
      receiverMobile: mobile,
      receiverAreaId: '330106',
      receiverDetailAddress: '文三路 398 号',
    },
  });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const found = await sql<{ no: string }>`select no from sale_order where id = ${created.body.result.id}`.execute(demo.app.db);
  return { id: created.body.result.id, no: found.rows[0]?.no ?? '', receiver, mobile };
}

interface PdfAnswer {
  status: number;
  type: string;
  disposition: string;
  bytes: Buffer;
}

/** As admin unless another token is given; `null` as nobody signed in. */
async function print(path: 'pickingListPdf' | 'shippingLabelPdf', payload: unknown, token: string | null = demo.admin): Promise<PdfAnswer> {
  const headers: Record<string, string> = { ...T1, 'content-type': 'application/json' };
  if (token !== null) headers['x-access-token'] = token;
  const response = await demo.app.inject({ method: 'POST', url: `/api/saleorder/saleOrder/${path}`, headers, payload: JSON.stringify(payload) });
  return { status: response.statusCode, type: String(response.headers['content-type']), disposition: String(response.headers['content-disposition']), bytes: response.rawPayload };
}

function expectPdf(answer: PdfAnswer, fileStart: string): void {
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(answer.type).toBe('application/pdf');
  expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(answer.disposition).toMatch(new RegExp(`filename\\*=UTF-8''${encodeURIComponent(fileStart)}-\\d{8}-\\d{6}\\.pdf$`));
}

function refusal(answer: PdfAnswer): { success: boolean; message: string } {
  return JSON.parse(answer.bytes.toString('utf8')) as { success: boolean; message: string };
}

/** Each page's text, whitespace removed (table cells and lines are separate runs). */
async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map(squeeze);
}

async function pageSizes(bytes: Buffer): Promise<Array<[number, number]>> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const sizes: Array<[number, number]> = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const [left = 0, bottom = 0, right = 0, top = 0] = (await pdf.getPage(number)).view;
    sizes.push([right - left, top - bottom]);
  }
  return sizes;
}

/** The decompressed streams of a PDF whose text holds drawing operators (the pages' contents), in file order. */
function contentStreams(bytes: Buffer): string[] {
  const latin = bytes.toString('latin1');
  const streams: string[] = [];
  const header = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = header.exec(latin); match !== null; match = header.exec(latin)) {
    const length = /\/Length (\d+)/.exec(match[1] ?? '');
    if (length === null) continue;
    const start = match.index + match[0].length;
    const raw = bytes.subarray(start, start + Number(length[1]));
    const data = (match[1] ?? '').includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    if (/\bBT\b/.test(data) && / re\b/.test(data)) streams.push(data);
  }
  return streams;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function rects(content: string): Rect[] {
  const found: Rect[] = [];
  for (const match of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) {
    found.push({ x: Number(match[1]), y: Number(match[2]), width: Number(match[3]), height: Number(match[4]) });
  }
  return found;
}

/**
 * Code 128's symbol patterns (bar, space, bar, space, bar, space widths in modules) by value, 0–105, and the stop
 * (106, seven elements), as the standard (ISO/IEC 15417) tabulates them.
 */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 ' +
  '223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 ' +
  '112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 ' +
  '311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 ' +
  '122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 ' +
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

/**
 * Reads a Code 128 symbol from its bars (left to right): the widths and gaps in modules, the symbols by the
 * standard's table, the check symbol verified, the data in code sets A, B and C. Throws on anything malformed.
 */
function decodeCode128(bars: readonly Rect[]): string {
  const sorted = [...bars].sort((a, b) => a.x - b.x);
  const elements: number[] = [];
  sorted.forEach((bar, index) => {
    elements.push(bar.width);
    const next = sorted[index + 1];
    if (next !== undefined) elements.push(next.x - (bar.x + bar.width));
  });
  const module = Math.min(...elements);
  const modules = elements.map((width) => {
    const count = width / module;
    if (Math.abs(count - Math.round(count)) > 0.05) throw new Error(`element of ${count} modules`);
    return Math.round(count);
  });
  const values: number[] = [];
  for (let at = 0; at < modules.length; at += 6) {
    const pattern = modules.slice(at, at + (modules.length - at === 7 ? 7 : 6)).join('');
    const value = CODE128.indexOf(pattern);
    if (value < 0) throw new Error(`unknown pattern ${pattern}`);
    values.push(value);
    if (value === 106) break;
  }
  const [start, ...rest] = values;
  if (start === undefined || values.at(-1) !== 106) throw new Error('no start or stop');
  const data = rest.slice(0, -2);
  const check = rest.at(-2);
  const sum = data.reduce((acc, value, index) => acc + value * (index + 1), start);
  if (sum % 103 !== check) throw new Error('bad check symbol');
  let set = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const value of data) {
    if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (value === 99) set = 'C';
    else if (value === 100) set = 'B';
    else if (value === 101) set = 'A';
    else if (set === 'B') text += String.fromCharCode(value + 32);
    else text += String.fromCharCode(value < 64 ? value + 32 : value - 64);
  }
  return text;
}

async function printLogs(ids: readonly string[]): Promise<Array<{ order_id: string; before_status: string; after_status: string; content: string; create_by: string }>> {
  const found = await sql<{ order_id: string; before_status: string; after_status: string; content: string; create_by: string }>`select order_id, before_status, after_status, content, create_by
    from sale_order_log where action = 'print' and order_id in (${sql.join([...ids])}) order by create_time, id`.execute(demo.app.db);
  return found.rows;
}

/** Three orders of two SKUs: 2 + 3 of the first, 1 + 2 of the second. */
async function threeOrders(tag: string): Promise<{ orders: [Placed, Placed, Placed]; first: Goods; second: Goods }> {
  const first = await goodsOf(await stockedSku(demo, 50, '10.00', 500));
  const second = await goodsOf(await stockedSku(demo, 51, '10.00', 500));
  const a = await placeOrder(`王五${tag}`, '13800136001', [
    { skuId: first.skuId, count: 2 },
    { skuId: second.skuId, count: 1 },
  ]);
  const b = await placeOrder(`赵六${tag}`, '13800136002', [{ skuId: first.skuId, count: 3 }]);
  const c = await placeOrder(`孙七${tag}`, '13800136003', [{ skuId: second.skuId, count: 2 }]);
  return { orders: [a, b, c], first, second };
}

describe('warehouse prints of a batch of orders', () => {
  it('prints the picking list: goods summed by SKU in walking order (by 库位), then each order; logged on each order', async () => {
    const { orders, first, second } = await threeOrders('甲');
    const ids = orders.map((order) => order.id);
    const answer = await print('pickingListPdf', { ids });
    expectPdf(answer, '配货单');
    const text = (await pageTexts(answer.bytes)).join('');
    for (const expected of ['杭州云杉商贸有限公司', '配货单', '订单数：3', '商品种类：2', '商品总数：8', '一、商品汇总', '二、订单明细', '拣货人', '复核人']) expect(text).toContain(expected);
    expect(text).toMatch(/打印时间：\d{4}-\d{2}-\d{2}\d{2}:\d{2}:\d{2}/);
    // The SKU totals: 库位 (the demo goods are shelved, A-01-01 and on), 编号, the SKU's barcode (EAN-13s), name, spec,
    // unit, then 5 and 3.
    expect(first.barCode).toMatch(/^69\d{11}$/);
    expect(first.location).toMatch(/^[A-D]-\d{2}-\d{2}$/);
    const row = (goods: Goods, count: number) => new RegExp(`${goodsCells(goods)}[^0-9]{0,4}${count}□`);
    expect(text).toMatch(row(first, 5));
    expect(text).toMatch(row(second, 3));
    // Walking order: the first 库位 first.
    const [near, far] = first.location.localeCompare(second.location, 'zh-CN', { numeric: true }) < 0 ? [first, second] : [second, first];
    expect(text.indexOf(goodsCells(near))).toBeLessThan(text.indexOf(goodsCells(far)));
    // Each order with its receiver and goods.
    for (const order of orders) {
      expect(text).toContain(order.no);
      expect(text).toContain(`${order.receiver}${order.mobile}`);
    }
    expect(text).toContain(`${squeeze(first.name)}${squeeze(first.spec)}×3`);
    expect(text).toContain(`${squeeze(second.name)}${squeeze(second.spec)}×2`);

    const logs = await printLogs(ids);
    expect(logs).toHaveLength(3);
    expect(logs.map((log) => log.order_id).sort()).toEqual([...ids].sort());
    for (const log of logs) expect(log).toMatchObject({ before_status: '10', after_status: '10', content: '打印配货单', create_by: 'admin' });
    // The order's detail shows it on its timeline.
    const detail = await call<{ logs: Array<{ content: string | null }> }>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${orders[0].id}`, admin());
    expect(detail.body.result.logs.map((log) => log.content)).toContain('打印配货单');
  });

  it('walks the shelves: the goods by 库位 in natural order (A-2 before A-10), goods without one last, whatever their numbers', async () => {
    const shelved = await Promise.all([53, 54, 55].map(async (offset) => goodsOf(await stockedSku(demo, offset, '10.00', 500))));
    // By goods number, then shelved the other way round: the lowest number has no shelf, the highest the first one.
    const [low, middle, high] = shelved.sort((a, b) => Number(a.code) - Number(b.code));
    if (low === undefined || middle === undefined || high === undefined) throw new Error('three SKUs');
    const none = await shelve(low, null);
    const tenth = await shelve(middle, 'A-10-01');
    const second = await shelve(high, 'A-2-05');
    const order = await placeOrder('钱九己', '13800136010', [
      { skuId: none.skuId, count: 1 },
      { skuId: tenth.skuId, count: 2 },
      { skuId: second.skuId, count: 3 },
    ]);
    const answer = await print('pickingListPdf', { ids: [order.id] });
    expectPdf(answer, '配货单');
    const text = (await pageTexts(answer.bytes)).join('');
    expect(text).toContain('一、商品汇总（按库位顺序拣货）');
    expect(text).toContain('序号库位货号条码商品名称规格单位数量已拣');
    // 序号, 库位, 编号, barcode, name, spec … count: A-2-05 first, A-10-01 second, the unshelved one third.
    const rows = [second, tenth, none].map((goods, index) => new RegExp(`${index + 1}${goodsCells(goods)}[^0-9]{0,4}${index === 0 ? 3 : index === 1 ? 2 : 1}□`));
    for (const row of rows) expect(text).toMatch(row);
    const at = rows.map((row) => text.search(row));
    expect(at[0]).toBeLessThan(at[1] ?? -1);
    expect(at[1]).toBeLessThan(at[2] ?? -1);
  });

  it('prints one 100 × 150 mm label per order: receiver, region by name, sender, Code 128 and QR drawn as vectors', async () => {
    const { orders, first } = await threeOrders('乙');
    const answer = await print('shippingLabelPdf', { ids: orders.map((order) => order.id) });
    expectPdf(answer, '面单');
    const sizes = await pageSizes(answer.bytes);
    expect(sizes).toHaveLength(3);
    for (const [width, height] of sizes) {
      expect(width).toBeCloseTo(LABEL_WIDTH, 1);
      expect(height).toBeCloseTo(LABEL_HEIGHT, 1);
    }
    // No picture anywhere: text in the font, codes as filled rectangles.
    expect(answer.bytes.toString('latin1')).not.toContain('/Subtype /Image');

    const texts = await pageTexts(answer.bytes);
    const streams = contentStreams(answer.bytes);
    expect(streams).toHaveLength(3);
    // Printed in the order they were paid, which is the order they were placed in.
    orders.forEach((order, index) => {
      const page = texts[index] ?? '';
      for (const expected of [order.receiver, order.mobile, order.no, '浙江省', '杭州市', '西湖区', '文三路398号', '寄件人', '杭州云杉商贸有限公司', '0571-88886666', '快递发货']) expect(page).toContain(expected);
      expect(page).not.toContain('330106');
      const shapes = rects(streams[index] ?? '');
      const bars = shapes.filter((shape) => Math.abs(shape.height - 46) < 0.01);
      expect(bars.length).toBeGreaterThan(10);
      expect(decodeCode128(bars)).toBe(order.no);
      // The QR code: its runs of modules, one module high, fill a square at the bottom right.
      const modules = shapes.filter((shape) => shape.height < 4 && shape.x > LABEL_WIDTH / 2 && shape.y > LABEL_HEIGHT / 2);
      expect(modules.length).toBeGreaterThan(40);
    });
    expect(texts[0]).toContain(`${squeeze(first.name)}`);
    expect(texts[0]).toContain('商品（共3件）');

    const logs = await printLogs(orders.map((order) => order.id));
    expect(logs.map((log) => log.content)).toEqual(['打印面单', '打印面单', '打印面单']);
  });

  it('prints what the list’s filter matches among the orders waiting to ship', async () => {
    const { orders } = await threeOrders('丙');
    const answer = await print('shippingLabelPdf', { filter: { receiverName: '*丙', status: '10' } });
    expectPdf(answer, '面单');
    const texts = await pageTexts(answer.bytes);
    expect(texts).toHaveLength(3);
    orders.forEach((order, index) => expect(texts[index]).toContain(order.no));
    const none = await print('pickingListPdf', { filter: { receiverName: '*没有这个人*' } });
    expect(refusal(none)).toMatchObject({ success: false, message: '没有符合条件的待发货订单' });
  });

  it('refuses an empty, oversized, unknown or unpaid selection, and whoever lacks the print’s code', async () => {
    const { orders } = await threeOrders('丁');
    const ids = orders.map((order) => order.id);
    expect(refusal(await print('pickingListPdf', {}))).toMatchObject({ success: false, message: '请选择要打印的订单' });
    expect(refusal(await print('pickingListPdf', { ids: [] }))).toMatchObject({ success: false, message: '请选择要打印的订单' });
    const many = Array.from({ length: 201 }, (_, index) => `x${index}`);
    expect(refusal(await print('shippingLabelPdf', { ids: many }))).toMatchObject({ success: false, message: '一次最多打印 200 个订单，请分批打印' });
    expect(refusal(await print('shippingLabelPdf', { ids: [...ids, 'no-such-order'] }))).toMatchObject({ success: false, message: '订单不存在' });
    const unpaid = await placeOrder('周八丁', '13800136009', [{ skuId: await stockedSku(demo, 52, '10.00', 50), count: 1 }], false);
    expect(refusal(await print('pickingListPdf', { ids: [ids[0], unpaid.id] }))).toMatchObject({ success: false, message: `订单 ${unpaid.no} 未付款或已关闭，不能打印` });
    // Nothing refused was logged.
    expect(await printLogs([...ids, unpaid.id])).toEqual([]);

    // The clerk prints both (the demo shop's assistant ships orders) …
    expectPdf(await print('pickingListPdf', { ids }, demo.clerk), '配货单');
    expectPdf(await print('shippingLabelPdf', { ids }, demo.clerk), '面单');
    // … until the label's code is taken from the clerk's role; nobody signed in prints nothing.
    const role = await demo.app.db.selectFrom('user_role').innerJoin('users', 'users.id', 'user_role.user_id').select('user_role.role_id').where('users.username', '=', 'clerk').executeTakeFirstOrThrow();
    const code = await demo.app.db.selectFrom('permissions').select('id').where('perms', '=', 'saleorder:order:printLabel').executeTakeFirstOrThrow();
    const held = await demo.app.db.selectFrom('role_permission').selectAll().where('role_id', '=', role.role_id).where('permission_id', '=', code.id).executeTakeFirstOrThrow();
    await demo.app.db.deleteFrom('role_permission').where('id', '=', held.id).execute();
    try {
      const refused = await print('shippingLabelPdf', { ids }, demo.clerk);
      expect(refused.status).toBe(403);
      expect(refusal(refused)).toMatchObject({ success: false, code: 403 });
      expectPdf(await print('pickingListPdf', { ids }, demo.clerk), '配货单');
    } finally {
      await demo.app.db.insertInto('role_permission').values(held).execute();
    }
    expect((await print('pickingListPdf', { ids }, null)).status).toBe(401);
  });

  it('ships the selection with one express company and a waybill each, order by order', async () => {
    const { orders } = await threeOrders('戊');
    const [a, b, c] = orders;
    const sf = await expressId(demo);
    const shipped = await call<{ total: number; shipped: number; failed: number; results: Array<{ id: string; no: string; success: boolean; message: string }> }>(
      demo.app,
      'POST',
      '/api/saleorder/saleOrder/batchDeliver',
      { ...admin(), body: { expressId: sf, orders: [{ id: a.id, logisticsNo: 'SF-W-1' }, { id: b.id, logisticsNo: ' SF-W-2 ' }, { id: c.id }, { id: 'no-such-order', logisticsNo: 'SF-W-9' }] } },
    );
    expect(shipped.body).toMatchObject({ success: true, message: '批量发货完成：发货 2 单，失败 2 单' });
    expect(shipped.body.result).toMatchObject({ total: 4, shipped: 2, failed: 2 });
    expect(shipped.body.result.results).toEqual([
      { id: a.id, no: a.no, success: true, message: '发货成功' },
      { id: b.id, no: b.no, success: true, message: '发货成功' },
      { id: c.id, no: c.no, success: false, message: '请选择快递公司并填写快递单号' },
      { id: 'no-such-order', no: '', success: false, message: '订单不存在' },
    ]);
    const rows = await sql<{ id: string; status: string; logistics_no: string | null }>`select id, status, logistics_no from sale_order where id in (${sql.join([a.id, b.id, c.id])})`.execute(demo.app.db);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    expect(byId.get(a.id)).toMatchObject({ status: '20', logistics_no: 'SF-W-1' });
    expect(byId.get(b.id)).toMatchObject({ status: '20', logistics_no: 'SF-W-2' });
    expect(byId.get(c.id)).toMatchObject({ status: '10', logistics_no: null });
    const delivered = await sql<{ content: string }>`select content from sale_order_log where order_id = ${a.id} and action = 'deliver'`.execute(demo.app.db);
    expect(delivered.rows.map((row) => row.content)).toEqual(['发货：顺丰速运 SF-W-1']);

    // A label printed again once shipped names the express company and the waybill.
    const label = await print('shippingLabelPdf', { ids: [a.id] });
    expectPdf(label, '面单');
    const [page = ''] = await pageTexts(label.bytes);
    expect(page).toContain('顺丰速运');
    expect(page).toContain('运单号SF-W-1');

    // Shipping an order twice in one batch, none, or too many is refused whole.
    const again = (body: unknown) => call(demo.app, 'POST', '/api/saleorder/saleOrder/batchDeliver', { ...admin(), body });
    expect((await again({ expressId: sf, orders: [] })).body).toMatchObject({ success: false, message: '请选择要发货的订单' });
    expect((await again({ expressId: sf, orders: [{ id: c.id, logisticsNo: '1' }, { id: c.id, logisticsNo: '2' }] })).body).toMatchObject({ success: false, message: '同一订单只能填写一次' });
    expect((await again({ expressId: sf, orders: Array.from({ length: 201 }, (_, index) => ({ id: `x${index}`, logisticsNo: 'n' })) })).body).toMatchObject({
      success: false,
      message: '一次最多发货 200 个订单，请分批发货',
    });
    // The clerk ships; whoever may not ship is refused.
    const clerk = await call(demo.app, 'POST', '/api/saleorder/saleOrder/batchDeliver', { token: demo.clerk, headers: T1, body: { expressId: sf, orders: [{ id: c.id, logisticsNo: 'SF-W-3' }] } });
    expect(clerk.body).toMatchObject({ success: true, message: '批量发货完成：发货 1 单' });
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/batchDeliver', { headers: T1, body: { orders: [{ id: c.id }] } })).status).toBe(401);
  });
});
