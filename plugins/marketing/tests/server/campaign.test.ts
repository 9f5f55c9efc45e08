/** Gift campaigns (issue #14): pricing, orders, rewards on pay and refund, time status and closing. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { formatShopTime } from '../../../../server/time/shop-time';
import { planCampaign } from '../../server/campaigns/pricing';
import { couponTemplate, memberPoint, shopper, skuStock, stockedSku, T1, unusedCoupons, wireTime, type Sku } from './campaign-helpers';

const demo = useDemoServer();
const admin = (body?: unknown) => ({ token: demo.admin, headers: T1, ...(body === undefined ? {} : { body }) });

interface CampaignRecord {
  id: string;
  status: string;
  timeStatus: string;
  timeStatus_dictText: string;
  rules: Array<{ limit: string; discountPrice: string }>;
  rulesSummary: string;
  rowVersion: string;
}

async function addCampaign(body: Record<string, unknown>) {
  return call<CampaignRecord>(demo.app, 'POST', '/api/marketing/giftActivity/add', admin({ conditionType: '10', productScope: '1', startTime: wireTime(-3600), endTime: wireTime(3600), ...body }));
}

async function added(body: Record<string, unknown>): Promise<CampaignRecord> {
  const result = await addCampaign(body);
  expect(result.body.success, JSON.stringify(result.body)).toBe(true);
  return result.body.result;
}

const line = (sku: Sku, price: string, count: number) => ({ skuId: sku.id, spuId: sku.spuId, categoryId: sku.categoryId, price, count });
const plan = (lines: ReturnType<typeof line>[], now = new Date()) => demo.app.db.transaction().execute((trx) => planCampaign(trx, 1, lines, now));

describe('pricing (planCampaign)', () => {
  it('applies the highest rule met within scope, by amount or count, split exactly, only inside the window', async () => {
    const a = await stockedSku(demo, 0, '70.00', 100);
    const b = await stockedSku(demo, 1, '50.00', 100);
    const first = await added({
      name: `满额-${Date.now()}`,
      productScope: '2',
      productScopeValues: a.spuId,
      rules: [
        { limit: 100, discountPrice: 10 },
        { limit: 200, discountPrice: 30, freeDelivery: true },
      ],
    });
    expect(first.rules.map((rule) => rule.limit)).toEqual(['100.00', '200.00']);
    // 210 of A meets 满 200 (the highest), B is out of scope.
    expect(await plan([line(a, '70.00', 3), line(b, '50.00', 1)])).toMatchObject({ campaignId: first.id, discountLines: ['30.00', '0.00'], freeDelivery: true });
    // 140 meets only 满 100; B's 50 does not count.
    expect(await plan([line(a, '70.00', 2), line(b, '50.00', 3)])).toMatchObject({ discountLines: ['10.00', '0.00'], freeDelivery: false });
    expect(await plan([line(a, '70.00', 1), line(b, '50.00', 4)])).toBeNull();
    // Outside the window: none.
    expect(await plan([line(a, '70.00', 3)], new Date(Date.now() - 2 * 3600_000))).toBeNull();
    expect(await plan([line(a, '70.00', 3)], new Date(Date.now() + 2 * 3600_000))).toBeNull();

    // A second campaign giving more on the same cart wins; closed, it no longer applies.
    const second = await added({ name: `更优-${Date.now()}`, productScope: '2', productScopeValues: a.spuId, rules: [{ limit: 100, discountPrice: 35 }] });
    expect(await plan([line(a, '70.00', 3)])).toMatchObject({ campaignId: second.id, discountLines: ['35.00'] });
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/close', admin({ id: second.id }))).body.success).toBe(true);
    expect(await plan([line(a, '70.00', 3)])).toMatchObject({ campaignId: first.id, discountLines: ['30.00'] });
  });

  it('counts pieces for 满 N 件 and splits the discount over the matching lines in proportion', async () => {
    const c = await stockedSku(demo, 2, '33.30', 100);
    const d = await stockedSku(demo, 3, '10.00', 100);
    const campaign = await added({
      name: `满件-${Date.now()}`,
      conditionType: '20',
      productScope: '2',
      productScopeValues: `${c.spuId},${d.spuId}`,
      rules: [
        { limit: 2, discountPrice: 10 },
        { limit: 5, discountPrice: 25 },
      ],
    });
    const part = await plan([line(c, '33.30', 1), line(d, '10.00', 2)]);
    // 3 pieces meet 满 2 件: 10 over 33.30 and 20.00 → 6.24 and the rest 3.76.
    expect(part).toMatchObject({ campaignId: campaign.id, discountLines: ['6.24', '3.76'] });
    expect(await plan([line(c, '33.30', 1)])).toBeNull();
    // Never more than the matching amount: 25 off 5 pieces worth 20 → 20.
    const f = await stockedSku(demo, 9, '4.00', 100);
    const capped = await added({ name: `封顶-${Date.now()}`, conditionType: '20', productScope: '2', productScopeValues: f.spuId, rules: [{ limit: 5, discountPrice: 99 }] });
    expect(await plan([line(f, '4.00', 5)])).toMatchObject({ campaignId: capped.id, discountLines: ['20.00'] });
  });

  it('matches categories for productScope 3', async () => {
    const e = await stockedSku(demo, 4, '20.00', 100);
    if (e.categoryId === null) return;
    const campaign = await added({ name: `品类-${Date.now()}`, productScope: '3', productScopeValues: e.categoryId, rules: [{ limit: 40, discountPrice: 4 }] });
    expect(await plan([line(e, '20.00', 2)])).toMatchObject({ campaignId: campaign.id, discountLines: ['4.00'] });
  });
});

describe('orders during a campaign', () => {
  it('prices the order with the discount, waives freight, adds the gift at 0 and grants points and coupons on payment', async () => {
    const goods = await stockedSku(demo, 5, '60.00', 100);
    const gift = await stockedSku(demo, 6, '9.90', 20);
    const template = await couponTemplate(demo, `满赠券-${Date.now()}`);
    await added({
      name: `下单满减-${Date.now()}`,
      productScope: '2',
      productScopeValues: goods.spuId,
      rules: [{ limit: 100, discountPrice: 15, freeDelivery: true, point: 50, giveCoupons: [{ templateId: template, count: 2 }], gifts: [{ skuId: gift.id, count: 1 }] }],
    });
    const buyer = await shopper(demo, '13900140001');
    const created = await call<{ id: string; payPrice: number }>(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId: goods.id, count: 2 }], addressId: buyer.addressId }, headers: buyer.headers });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const order = await call<{ totalPrice: number; discountPrice: number; deliveryPrice: number; vipPrice: number; payPrice: number; items: Array<{ skuId: string; price: number; payPrice: number; gift: boolean }> }>(
      demo.app,
      'GET',
      `/api/saleorder/saleOrder/queryById?id=${created.body.result.id}`,
      admin(),
    );
    const detail = order.body.result;
    expect(detail).toMatchObject({ totalPrice: 120, discountPrice: 15, deliveryPrice: 0 });
    expect(detail.payPrice).toBe(120 - 15 - detail.vipPrice);
    const giftLine = detail.items.find((item) => item.skuId === gift.id);
    expect(giftLine).toMatchObject({ price: 0, payPrice: 0, gift: true });
    expect(await skuStock(demo, gift.id)).toEqual({ stock: 20, lockStock: 1 });
    // The campaign's record of the order: the gifts that entered it and the buyer by name and mobile (the members service's).
    const recorded = await sql<{ member_name: string; gifts: unknown }>`select member_name, gifts from mkt_gift_activity_order where order_id = ${created.body.result.id}`.execute(demo.app.db);
    const member = await sql<{ name: string | null }>`select member_name as name from cust_member where id = ${buyer.memberId}`.execute(demo.app.db);
    expect(recorded.rows).toHaveLength(1);
    expect(recorded.rows[0]?.member_name).toBe([member.rows[0]?.name, '13900140001'].filter((part) => part !== null && part !== undefined && part !== '').join(' '));
    expect(typeof recorded.rows[0]?.gifts === 'string' ? JSON.parse(recorded.rows[0].gifts) : recorded.rows[0]?.gifts).toEqual([{ skuId: gift.id, count: 1 }]);

    const before = await memberPoint(demo, buyer.memberId);
    expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: created.body.result.id }, headers: buyer.headers })).body.success).toBe(true);
    expect(await skuStock(demo, gift.id)).toEqual({ stock: 19, lockStock: 0 });
    const rewards = await sql<{ point: string }>`select point::text from cust_points_log where member_id = ${buyer.memberId} and biz_type = '31' and biz_id = ${created.body.result.id}`.execute(demo.app.db);
    expect(rewards.rows).toEqual([{ point: '50' }]);
    expect(await memberPoint(demo, buyer.memberId)).toBeGreaterThanOrEqual(before + 50);
    expect(await unusedCoupons(demo, buyer.memberId, template)).toBe(2);
  });

  it('takes points and coupons back on a full refund, the gift line closing with the paid one and its stock coming back', async () => {
    const goods = await stockedSku(demo, 7, '80.00', 100);
    const gift = await stockedSku(demo, 8, '5.00', 10);
    const template = await couponTemplate(demo, `退款券-${Date.now()}`);
    const campaign = await added({
      name: `退款收回-${Date.now()}`,
      productScope: '2',
      productScopeValues: goods.spuId,
      rules: [{ limit: 50, discountPrice: 8, point: 30, giveCoupons: [{ templateId: template, count: 1 }], gifts: [{ skuId: gift.id, count: 1 }] }],
    });
    const buyer = await shopper(demo, '13900140002');
    const created = await call<{ id: string; payPrice: number }>(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId: goods.id, count: 1 }], addressId: buyer.addressId }, headers: buyer.headers });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const orderId = created.body.result.id;
    await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: orderId }, headers: buyer.headers });
    expect(await unusedCoupons(demo, buyer.memberId, template)).toBe(1);

    expect(await skuStock(demo, gift.id)).toEqual({ stock: 9, lockStock: 0 });
    const item = await sql<{ id: string; pay_price: string }>`select id, pay_price::text from sale_order_item where order_id = ${orderId} and not gift`.execute(demo.app.db);
    const lineItem = item.rows[0];
    if (lineItem === undefined) throw new Error('no order line');
    const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', {
      body: { orderItemId: lineItem.id, way: '10', refundPrice: lineItem.pay_price, applyReason: '不想要了' },
      headers: buyer.headers,
    });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    await call(demo.app, 'POST', '/api/saleorder/afterSale/agree', admin({ id: applied.body.result.id }));
    expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/refund', admin({ id: applied.body.result.id }))).body.success).toBe(true);

    const taken = await sql<{ point: string }>`select point::text from cust_points_log where member_id = ${buyer.memberId} and biz_type = '32' and biz_id = ${orderId}`.execute(demo.app.db);
    expect(taken.rows).toEqual([{ point: '-30' }]);
    expect(await unusedCoupons(demo, buyer.memberId, template)).toBe(0);
    // Refunded before shipping: the order closes by its refunds and the gift, which never left, is back in stock.
    const closed = await sql<{ status: string; refund_status: string }>`select status, refund_status from sale_order where id = ${orderId}`.execute(demo.app.db);
    expect(closed.rows).toEqual([{ status: '40', refund_status: '20' }]);
    expect(await skuStock(demo, gift.id)).toEqual({ stock: 10, lockStock: 0 });
    const orders = await call<{ records: Array<{ orderId: string; discountPrice: number; status: string }> }>(demo.app, 'GET', `/api/marketing/giftActivityOrder/list?activityId=${campaign.id}`, admin());
    expect(orders.body.result.records).toEqual([expect.objectContaining({ orderId, discountPrice: 8, status: '2' })]);
  });
});

describe('time status and closing', () => {
  it('reads entered times on the shop clock: a campaign starting a minute ago is 进行中 and prices carts (server on UTC, shop in Shanghai)', async () => {
    const tag = `一分钟前-${Date.now()}`;
    // What a screen sends: the shop's wall clock of a minute ago.
    const startTime = formatShopTime(Date.now() - 60_000);
    const endTime = formatShopTime(Date.now() + 86_400_000);
    const campaign = await added({ name: tag, startTime, endTime, rules: [{ limit: 100, discountPrice: 1 }] });
    expect(campaign).toMatchObject({ timeStatus: '2', timeStatus_dictText: '进行中' });
    const listed = await call<{ records: Array<{ id: string; startTime: string; endTime: string; timeStatus: string }> }>(
      demo.app,
      'GET',
      `/api/marketing/giftActivity/list?name=${encodeURIComponent(tag)}&timeStatus=2`,
      admin(),
    );
    // Shown back exactly as entered, and found among the running ones.
    expect(listed.body.result.records).toEqual([expect.objectContaining({ id: campaign.id, startTime, endTime, timeStatus: '2' })]);
    const stored = await sql<{ started: boolean }>`select start_time <= now() and start_time > now() - interval '2 minutes' as started from mkt_gift_activity where id = ${campaign.id}`.execute(demo.app.db);
    expect(stored.rows).toEqual([{ started: true }]);
  });

  it('computes 未开始 / 进行中 / 已结束 from now, filters by it, and a closed campaign never reopens', async () => {
    const tag = `时间-${Date.now()}`;
    const rules = [{ limit: 100, discountPrice: 1 }];
    const future = await added({ name: `${tag}-未开始`, startTime: wireTime(3600), endTime: wireTime(7200), rules });
    const running = await added({ name: `${tag}-进行中`, startTime: wireTime(-3600), endTime: wireTime(3600), rules });
    const ended = await added({ name: `${tag}-已结束`, startTime: wireTime(-7200), endTime: wireTime(-3600), rules });
    expect([future.timeStatus, running.timeStatus, ended.timeStatus]).toEqual(['1', '2', '3']);
    expect(future.timeStatus_dictText).toBe('未开始');
    expect(running.rulesSummary).toBe('满 100 元减 1 元');

    const names = async (timeStatus: string) =>
      (await call<{ records: Array<{ name: string }> }>(demo.app, 'GET', `/api/marketing/giftActivity/list?name=${encodeURIComponent(`*${tag}*`)}&timeStatus=${timeStatus}`, admin())).body.result.records.map((record) => record.name);
    expect(await names('1')).toEqual([`${tag}-未开始`]);
    expect(await names('2')).toEqual([`${tag}-进行中`]);
    expect(await names('3')).toEqual([`${tag}-已结束`]);

    // Ended: neither edited nor closed.
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/edit', admin({ id: ended.id, name: '改名' }))).body).toMatchObject({ success: false, message: '赠品活动已结束，不能编辑' });
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/close', admin({ id: ended.id }))).body).toMatchObject({ success: false, message: '赠品活动已结束，不能关闭' });

    // Running: edited, then closed; closed it is listed as 4, never edited or closed again.
    const version = running.rowVersion;
    const edited = await call<CampaignRecord>(demo.app, 'POST', '/api/marketing/giftActivity/edit', admin({ id: running.id, rules: [{ limit: 100, discountPrice: 2 }], rowVersion: version }));
    expect(edited.body.result.rulesSummary).toBe('满 100 元减 2 元');
    // A form read before that edit is refused (issue 32), its rules never replace the saved ones.
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/edit', admin({ id: running.id, rules: [{ limit: 50, discountPrice: 1 }], rowVersion: version }))).body).toMatchObject({
      success: false,
      code: 409,
      message: '数据已被他人修改，请刷新后重试',
    });
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/close', admin({ id: running.id }))).body).toMatchObject({ success: true, message: '活动已关闭' });
    expect(await names('2')).toEqual([]);
    expect(await names('4')).toEqual([`${tag}-进行中`]);
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/close', admin({ id: running.id }))).body).toMatchObject({ success: false, message: '赠品活动当前状态为「已关闭」，不能关闭' });
    expect((await call(demo.app, 'POST', '/api/marketing/giftActivity/edit', admin({ id: running.id, endTime: wireTime(86400) }))).body).toMatchObject({
      success: false,
      message: '赠品活动当前状态为「已关闭」，不能编辑',
    });
    const logs = await sql<{ action: string; after_status: string }>`select action, after_status from mkt_gift_activity_log where activity_id = ${running.id} order by create_time`.execute(demo.app.db);
    expect(logs.rows.map((row) => row.action)).toEqual(['edit', 'close']);
  });

  it('refuses malformed campaigns with a message', async () => {
    expect((await addCampaign({ name: 'x', rules: [] })).body).toMatchObject({ success: false, message: '请至少设置一条活动规则' });
    expect((await addCampaign({ name: 'x', rules: [{ limit: 10, discountPrice: 20 }] })).body).toMatchObject({ success: false, message: '第1条规则：减免金额不能超过门槛金额' });
    expect((await addCampaign({ name: 'x', rules: [{ limit: 10 }] })).body).toMatchObject({ success: false, message: '第1条规则：没有设置任何优惠' });
    expect((await addCampaign({ name: 'x', startTime: wireTime(60), endTime: wireTime(0), rules: [{ limit: 10, discountPrice: 1 }] })).body).toMatchObject({
      success: false,
      message: '结束时间必须晚于开始时间',
    });
    expect((await addCampaign({ name: 'x', productScope: '2', rules: [{ limit: 10, discountPrice: 1 }] })).body).toMatchObject({ success: false, message: '请选择活动商品' });
    expect((await addCampaign({ name: 'x', rules: [{ limit: 10, gifts: [{ skuId: 'nope', count: 1 }] }] })).body).toMatchObject({ success: false, message: '赠品 SKU 不存在' });
  });

  it('seeds campaigns in every time status', async () => {
    const seeded = await call<{ records: CampaignRecord[] }>(demo.app, 'GET', '/api/marketing/giftActivity/list?pageSize=100&column=createTime&order=asc', admin());
    const kinds = new Set(seeded.body.result.records.map((record) => (record.status === '4' ? '4' : record.timeStatus)));
    expect([...kinds].sort()).toEqual(['1', '2', '3', '4']);
  });
});
