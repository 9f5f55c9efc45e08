/**
 * Names, never ids (issue 32): the references a list, a detail or an export answers come with the referenced record's
 * name or number — the ledgers' 业务单号 (the order's SO… number, and which kind of document it is), the member, the
 * express company, the region of an address, the coupon template — and every ledger says when and who (操作人 by name).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import { createOrder, expressId, shopper, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
type Row = Record<string, unknown>;

const list = async (path: string): Promise<Row[]> => {
  const answer = await call<PageResult<Row>>(demo.app, 'GET', `/api${path}`, admin());
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.result.records;
};

/** An order of a new member, paid and shipped with 顺丰速运; the member's address is in 北京市 东城区 (110101). */
async function shippedOrder(mobile: string, offset: number) {
  const buyer = await shopper(demo, mobile);
  const sku = await stockedSku(demo, offset, '50.00', 100);
  const created = await createOrder(demo, buyer, [{ skuId: sku, count: 2 }]);
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const { id, no } = created.body.result;
  expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers })).body.success).toBe(true);
  const shipped = await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id, expressId: await expressId(demo), logisticsNo: 'SF900001' } });
  expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
  return { buyer, sku, id, no };
}

describe('references answered by name', () => {
  it('an order’s detail names its express company, its buyer and the region of its address', async () => {
    const { buyer, id } = await shippedOrder('13900003201', 3);
    const detail = (await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${id}`, admin())).body.result;
    expect(detail).toMatchObject({ expressId_dictText: '顺丰速运', receiverAreaId: '110101', receiverAreaId_refText: '北京市 东城区', memberId: buyer.memberId });
    expect(detail.memberId_refText).toContain('13900003201');
  });

  it('the points, growth and stock ledgers name the order by its number, with the time and the operator', async () => {
    const { buyer, sku, id, no } = await shippedOrder('13900003202', 4);
    for (const ledger of ['custPointsLog', 'custExperienceLog']) {
      const rows = await list(`/cust/${ledger}/list?memberId=${buyer.memberId}`);
      const ofOrder = rows.find((row) => row.bizId === id);
      expect(ofOrder, ledger).toMatchObject({ bizId_refText: no, bizId_refKind: 'order', memberId_refText: expect.stringContaining('13900003202') });
      expect(ofOrder?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    const stock = await list(`/goods/goodsStockRecord/list?skuId=${sku}`);
    expect(stock.find((row) => row.bizId === id)).toMatchObject({ bizType: '50', bizId_refText: no, bizId_refKind: 'order' });
    // A change made by staff names the user who made it (管理员), not the login name.
    const adjusted = await call(demo.app, 'POST', '/api/cust/custMember/adjustPoints', { ...admin(), body: { memberId: buyer.memberId, point: 5, reason: '补发' } });
    expect(adjusted.body.success).toBe(true);
    const byHand = (await list(`/cust/custPointsLog/list?memberId=${buyer.memberId}`)).find((row) => row.title === '补发');
    expect(byHand).toMatchObject({ createBy: 'admin', createBy_refText: '管理员', bizId: null, bizId_refText: null });
  });

  it('an export of a ledger shows 时间, the document number and 操作人, never the ids', async () => {
    const { buyer, id, no } = await shippedOrder('13900003203', 5);
    const response = await demo.app.inject({ method: 'GET', url: `/api/cust/custPointsLog/exportXls?memberId=${buyer.memberId}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).map((values) => (Array.isArray(values) ? values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))) : []));
    const header = rows[3] ?? [];
    expect(header[0]).toBe('时间');
    expect(header[header.length - 1]).toBe('操作人');
    const cells = rows.slice(4).flat();
    expect(cells).toContain(no);
    expect(cells.join(' ')).toContain('13900003203');
    expect(cells.some((cell) => cell.includes(id) || cell.includes(buyer.memberId))).toBe(false);
  });

  it('a member coupon names its member and template; an address its region', async () => {
    const coupons = await list('/cust/custCoupon/list?pageSize=5');
    expect(coupons.length).toBeGreaterThan(0);
    for (const coupon of coupons) {
      expect(coupon.templateId_refText, JSON.stringify(coupon)).toEqual(expect.any(String));
      expect(coupon.memberId_refText).toEqual(expect.any(String));
    }
    const addresses = await list('/cust/custAddress/list?pageSize=5');
    expect(addresses.every((address) => typeof address.areaId_refText === 'string' && !/\d{6}/.test(String(address.areaId_refText)))).toBe(true);
  });

  it('labels are the tenant’s own: another tenant’s member has no name here', async () => {
    const buyer = await shopper(demo, '13900003204');
    expect([...(await demo.app.references.labels('member', 1, [buyer.memberId])).values()]).toEqual([expect.stringContaining('13900003204')]);
    expect((await demo.app.references.labels('member', 2, [buyer.memberId])).size).toBe(0);
  });
});

describe('regions chosen, never typed', () => {
  it('an address or an order’s new address must name a region of the dataset', async () => {
    const { buyer, id } = await shippedOrder('13900003205', 6);
    const refused = await call(demo.app, 'POST', '/api/cust/custAddress/add', { ...admin(), body: { memberId: buyer.memberId, name: '李四', mobile: '13900003205', areaId: '123456', detailAddress: '某路 1 号' } });
    expect(refused.body).toMatchObject({ success: false, message: '所在地区不存在，请从省 / 市 / 区中选择' });
    const added = await call<Row>(demo.app, 'POST', '/api/cust/custAddress/add', { ...admin(), body: { memberId: buyer.memberId, name: '李四', mobile: '13900003205', areaId: '310115', detailAddress: '世纪大道 1 号' } });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    expect(added.body.result).toMatchObject({ areaId_refText: '上海市 浦东新区', memberId_refText: expect.stringContaining('13900003205') });
    const app = await call(demo.app, 'POST', '/api/app/address/add', { body: { name: '李四', mobile: '13900003205', areaId: 'abc', detailAddress: '某路 1 号' }, headers: buyer.headers });
    expect(app.body).toMatchObject({ success: false, message: '所在地区不存在，请从省 / 市 / 区中选择' });
    // The order was shipped: its address can no longer change, but an unknown region is refused before that.
    const moved = await call(demo.app, 'POST', '/api/saleorder/saleOrder/updateAddress', { ...admin(), body: { id, receiverName: '李四', receiverMobile: '13900003205', receiverAreaId: '999999', receiverDetailAddress: '某路 1 号' } });
    expect(moved.body).toMatchObject({ success: false, message: '所在地区不存在，请从省 / 市 / 区中选择' });
  });
});

describe('goods by number', () => {
  it('an SPU has a number of its own, and the goods report ranks goods by number and name', async () => {
    const spus = await list('/goods/goodsSpu/list?pageSize=3');
    for (const spu of spus) expect(spu.no).toEqual(expect.any(Number));
    // Its tags (several ids in one field) read as their names.
    const tagged = spus.find((spu) => typeof spu.tagIds === 'string' && spu.tagIds !== '');
    const detail = (await call<Row>(demo.app, 'GET', `/api/goods/goodsSpu/queryById?id=${String(tagged?.id)}`, admin())).body.result;
    expect(detail.tagIds_refText).toEqual(expect.any(String));
    expect(String(detail.tagIds_refText)).not.toMatch(/[0-9a-f]{32}/);
    await shippedOrder('13900003206', 7);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rank = await call<PageResult<Row>>(demo.app, 'GET', `/api/report/goods/rank?beginDate=${day(-30)}&endDate=${day(1)}&pageSize=3`, admin());
    expect(rank.body.success, JSON.stringify(rank.body)).toBe(true);
    expect(rank.body.result.records.length).toBeGreaterThan(0);
    for (const row of rank.body.result.records) expect(row).toMatchObject({ no: expect.any(Number), name: expect.any(String) });
  });
});
