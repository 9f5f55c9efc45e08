/** Coupons (issue #14): templates, take and send limits, one coupon per order, its return, expiry and 回收. */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COUPON_STATUS } from '../../../../server/contracts/member-coupons';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { couponRow, createOrder, orderAmounts, orderLines, shopper, stockedSku, T1, taken, take, template } from './coupon-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

interface TemplateRow {
  id: string;
  name: string;
  takeCount: number;
  useCount: number;
  remainCount: number;
}

async function listed(id: string): Promise<TemplateRow | undefined> {
  const answer = await call<{ records: TemplateRow[] }>(demo.app, 'GET', `/api/marketing/coupon/list?pageSize=100&column=createTime&order=desc`, admin());
  expect(answer.body.success).toBe(true);
  return answer.body.result.records.find((record) => record.id === id);
}

const add = (body: Record<string, unknown>) => call(demo.app, 'POST', '/api/marketing/coupon/add', { ...admin(), body });

let mobile = 13_800_001_000;
const nextMobile = () => String((mobile += 1));

beforeAll(async () => {
  // Gift campaigns of the demo would add their own discount to these carts: close them.
  await sql`update mkt_gift_activity set status = '4' where tenant_id = 1`.execute(demo.app.db);
});

describe('templates', () => {
  it('checks the rules each type needs, with Chinese messages', async () => {
    const base = { name: '校验券', status: '1', usePrice: 100, totalCount: 10, takeLimitCount: 1, takeType: '1', validityType: '2', fixedStartTerm: 0, fixedEndTerm: 7, productScope: '1' };
    expect((await add({ ...base, discountType: '1' })).body).toMatchObject({ success: false, message: '满减券的优惠金额必须大于 0' });
    expect((await add({ ...base, discountType: '1', discountPrice: 120 })).body).toMatchObject({ success: false, message: '满减券的优惠金额不能大于使用门槛' });
    expect((await add({ ...base, discountType: '1', discountPrice: 9.999 })).body).toMatchObject({ success: false, message: '金额最多保留两位小数' });
    expect((await add({ ...base, discountType: '2' })).body).toMatchObject({ success: false, message: '折扣券的折扣必须是 1–99 之间的整数（如 80 表示 8 折）' });
    expect((await add({ ...base, discountType: '2', discountPercent: 80, discountLimitPrice: 0 })).body).toMatchObject({ success: false, message: '折扣券的最多优惠金额必须大于 0（不限请留空）' });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, totalCount: 0 })).body).toMatchObject({ success: false, message: '发放数量必须大于 0（-1 表示不限）' });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, takeLimitCount: 20 })).body).toMatchObject({ success: false, message: '每人限领不能大于发放数量' });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, validityType: '1' })).body).toMatchObject({ success: false, message: '固定日期的优惠券需要填写生效时间和失效时间' });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, validityType: '1', validStartTime: '2030-02-01 00:00:00', validEndTime: '2030-01-01 00:00:00' })).body).toMatchObject({
      success: false,
      message: '失效时间必须晚于生效时间',
    });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, fixedStartTerm: 7, fixedEndTerm: 7 })).body).toMatchObject({ success: false, message: '结束天数必须大于开始天数' });
    expect((await add({ ...base, discountType: '1', discountPrice: 10, productScope: '2' })).body).toMatchObject({ success: false, message: '指定商品的优惠券需要选择商品' });
    // A valid 折扣 keeps only what its type uses.
    const saved = await add({ ...base, discountType: '2', discountPercent: 80, discountLimitPrice: 20, discountPrice: 10 });
    expect(saved.body).toMatchObject({ success: true, result: { discountPercent: 80, discountLimitPrice: 20, discountPrice: null } });
  });
});

describe('take and send', () => {
  it('takes within the total and the per-member limit, only 直接领取, only enabled', async () => {
    const a = await shopper(demo, nextMobile());
    const b = await shopper(demo, nextMobile());
    const c = await shopper(demo, nextMobile());
    const id = await template(demo, { totalCount: 2, takeLimitCount: 1 });
    await taken(demo, a, id);
    expect((await take(demo, a, id)).body).toMatchObject({ success: false, message: '每人限领 1 张，您已领完' });
    await taken(demo, b, id);
    const name = (await listed(id))?.name;
    expect((await take(demo, c, id)).body).toMatchObject({ success: false, message: `优惠券「${name}」已领完` });
    expect(await listed(id)).toMatchObject({ takeCount: 2, useCount: 0, remainCount: 0 });

    const sendOnly = await template(demo, { takeType: '2', name: '指定发放券' });
    expect((await take(demo, c, sendOnly)).body).toMatchObject({ success: false, message: '优惠券「指定发放券」不能直接领取' });
    const off = await template(demo, { status: '0', name: '停用券' });
    expect((await take(demo, c, off)).body).toMatchObject({ success: false, message: '优惠券「停用券」已停用' });
    const over = await template(demo, { name: '过期券', validityType: '1', validStartTime: '2020-01-01 00:00:00', validEndTime: '2020-02-01 00:00:00' });
    expect((await take(demo, c, over)).body).toMatchObject({ success: false, message: '优惠券「过期券」已过期' });

    // The mini-program's list offers the takeable ones, with whether this member may still take one.
    const offered = await call<Array<{ id: string; canTake: boolean; takenByMe: number }>>(demo.app, 'GET', '/api/app/coupon/templates', { headers: a.headers });
    expect(offered.body.result.find((row) => row.id === id)).toMatchObject({ canTake: false, takenByMe: 1 });
    expect(offered.body.result.some((row) => row.id === sendOnly || row.id === off || row.id === over)).toBe(false);

    // The list's status switch edits the status alone; the total never drops below what was taken.
    const edit = (body: Record<string, unknown>) => call(demo.app, 'PUT', '/api/marketing/coupon/edit', { ...admin(), body: { id, ...body } });
    expect((await edit({ totalCount: 1 })).body).toMatchObject({ success: false, message: '发放数量不能小于已领取的 2 张' });
    expect((await edit({ status: '0' })).body).toMatchObject({ success: true, result: { status: '0', totalCount: 2 } });
    expect((await take(demo, c, id)).body).toMatchObject({ success: false, message: `优惠券「${name}」已停用` });
  });

  it('sends to the chosen members, leaving out those at the limit, and refuses more than is left', async () => {
    const a = await shopper(demo, nextMobile());
    const b = await shopper(demo, nextMobile());
    const c = await shopper(demo, nextMobile());
    const id = await template(demo, { takeType: '2', totalCount: 3, takeLimitCount: 1 });
    const send = (memberIds: string[]) => call<{ sent: string[]; refused: Array<{ memberId: string }> }>(demo.app, 'POST', '/api/marketing/coupon/send', { ...admin(), body: { templateId: id, memberIds } });
    expect((await send([a.memberId])).body).toMatchObject({ success: true, message: '已发送 1 张' });
    const second = await send([a.memberId, b.memberId]);
    expect(second.body.success).toBe(true);
    expect(second.body.message).toMatch(/^已发送 1 张；以下会员已领满，未发送：/);
    expect(second.body.result).toMatchObject({ sent: [b.memberId], refused: [{ memberId: a.memberId }] });
    expect((await send([a.memberId, b.memberId])).body).toMatchObject({ success: false, message: '所选会员都已领满每人限领的 1 张' });
    expect((await send(['nobody'])).body).toMatchObject({ success: false, message: '会员不存在' });
    const wide = await template(demo, { takeType: '2', totalCount: 1, takeLimitCount: 1, name: '一张券' });
    const tooMany = await call(demo.app, 'POST', '/api/marketing/coupon/send', { ...admin(), body: { templateId: wide, memberIds: [a.memberId, c.memberId] } });
    expect(tooMany.body).toMatchObject({ success: false, message: '优惠券「一张券」剩余 1 张，不够发放 2 张' });
    expect(await listed(id)).toMatchObject({ takeCount: 2, remainCount: 1 });
    // The clerk may not send.
    expect((await call(demo.app, 'POST', '/api/marketing/coupon/send', { token: demo.clerk, headers: T1, body: { templateId: id, memberIds: [c.memberId] } })).body.success).toBe(false);
  });
});

describe('新人券', () => {
  it('gives a member registering one coupon of each enabled 新人券 template with coupons left, never refusing the login', async () => {
    const fresh = await template(demo, { name: `新人${Date.now() % 100000}`, takeType: '3', totalCount: 10, takeLimitCount: 1 });
    const soldOut = await template(demo, { name: `新人售罄${Date.now() % 100000}`, takeType: '3', totalCount: 1, takeLimitCount: 1 });
    const disabled = await template(demo, { name: `新人停用${Date.now() % 100000}`, takeType: '3', status: '0' });
    const first = await shopper(demo, '13900002601');
    const second = await shopper(demo, '13900002602');
    const held = async (memberId: string) =>
      (await sql<{ template_id: string; status: string }>`select template_id, status from cust_coupon where member_id = ${memberId} and template_id in (${fresh}, ${soldOut}, ${disabled})
        order by template_id`.execute(demo.app.db)).rows;
    expect((await held(first.memberId)).map((row) => row.template_id).sort()).toEqual([fresh, soldOut].sort());
    // The sold-out template has nothing left for the second member; the registration goes through anyway.
    expect((await held(second.memberId)).map((row) => row.template_id)).toEqual([fresh]);
    expect((await held(second.memberId))[0]?.status).toBe(MEMBER_COUPON_STATUS.unused);
  });
});

describe('a coupon in an order', () => {
  it('takes 满减 off the matching lines only, exactly, and is used by the order', async () => {
    const buyer = await shopper(demo, nextMobile());
    const one = await stockedSku(demo, 20, '40.00', 50);
    const two = await stockedSku(demo, 21, '30.00', 50);
    const id = await template(demo, { name: '指定商品满减', usePrice: 50, discountPrice: 15, productScope: '2', productScopeValues: one.spuId });
    const couponId = await taken(demo, buyer, id);
    const created = await createOrder(demo, buyer, [{ skuId: one.skuId, count: 2 }, { skuId: two.skuId, count: 1 }], { couponId });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const amounts = await orderAmounts(demo, created.body.result.id);
    expect(amounts).toMatchObject({ totalPrice: '110.00', couponPrice: '15.00', couponId });
    expect(amounts.payPrice).toBe(new Decimal('110.00').minus('15.00').minus(amounts.vipPrice).plus(amounts.deliveryPrice).toFixed(2));
    const lines = await orderLines(demo, created.body.result.id);
    expect(lines.find((line) => line.skuId === one.skuId)?.couponPrice).toBe('15.00');
    expect(lines.find((line) => line.skuId === two.skuId)?.couponPrice).toBe('0.00');
    expect(lines.reduce((sum, line) => sum.plus(line.payPrice), new Decimal(0)).toFixed(2)).toBe(amounts.payPrice);
    expect(await couponRow(demo, couponId)).toEqual({ status: '2', useOrderId: created.body.result.id });
    expect((await listed(id))?.useCount).toBe(1);
    // Used once: a second order with it is refused.
    expect((await createOrder(demo, buyer, [{ skuId: one.skuId, count: 2 }], { couponId })).body).toMatchObject({ success: false, message: '优惠券已使用' });
  });

  it('caps a 折扣 and splits it over the lines in proportion, cents to the last', async () => {
    const buyer = await shopper(demo, nextMobile());
    const one = await stockedSku(demo, 22, '80.00', 50);
    const two = await stockedSku(demo, 23, '30.00', 50);
    const id = await template(demo, { name: '八折封顶券', discountType: '2', discountPercent: 80, discountLimitPrice: 10, usePrice: 100 });
    const couponId = await taken(demo, buyer, id);
    const created = await createOrder(demo, buyer, [{ skuId: one.skuId, count: 1 }, { skuId: two.skuId, count: 1 }], { couponId });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const amounts = await orderAmounts(demo, created.body.result.id);
    // 110 × 20 % = 22, capped at 10: 10 × 80/110 = 7.27 (cut), the last line 2.73.
    expect(amounts.couponPrice).toBe('10.00');
    const lines = await orderLines(demo, created.body.result.id);
    expect(lines.find((line) => line.skuId === one.skuId)?.couponPrice).toBe('7.27');
    expect(lines.find((line) => line.skuId === two.skuId)?.couponPrice).toBe('2.73');
    expect(lines.reduce((sum, line) => sum.plus(line.payPrice), new Decimal(0)).toFixed(2)).toBe(amounts.payPrice);
  });

  it('refuses a coupon the cart cannot use, with the reason, and previews every coupon', async () => {
    const buyer = await shopper(demo, nextMobile());
    const other = await shopper(demo, nextMobile());
    const one = await stockedSku(demo, 24, '20.00', 50);
    const two = await stockedSku(demo, 25, '25.00', 50);
    const high = await taken(demo, buyer, await template(demo, { name: '门槛券', usePrice: 100, discountPrice: 10 }));
    const elsewhere = await taken(demo, buyer, await template(demo, { name: '别的商品券', productScope: '2', productScopeValues: two.spuId }));
    const later = await taken(demo, buyer, await template(demo, { name: '未开始券', validityType: '1', validStartTime: '2099-01-01 00:00:00', validEndTime: '2099-02-01 00:00:00' }));
    const fine = await taken(demo, buyer, await template(demo, { name: '八五折券', discountType: '2', discountPercent: 85 }));
    const notMine = await taken(demo, other, await template(demo, { name: '别人的券' }));
    const cart = [{ skuId: one.skuId, count: 3 }];
    expect((await createOrder(demo, buyer, cart, { couponId: high })).body).toMatchObject({ success: false, message: '未满足门槛' });
    expect((await createOrder(demo, buyer, cart, { couponId: elsewhere })).body).toMatchObject({ success: false, message: '没有匹配的商品' });
    expect((await createOrder(demo, buyer, cart, { couponId: later })).body).toMatchObject({ success: false, message: '未到使用时间' });
    expect((await createOrder(demo, buyer, cart, { couponId: notMine })).body).toMatchObject({ success: false, message: '优惠券不存在' });

    const preview = await call<{ couponPrice: number; coupons: Array<{ id: string; usable: boolean; reason: string | null; couponPrice: number }> }>(demo.app, 'POST', '/api/app/order/settlement', {
      body: { items: cart, addressId: buyer.addressId, couponId: fine },
      headers: buyer.headers,
    });
    expect(preview.body.success, JSON.stringify(preview.body)).toBe(true);
    // 60 × 15 % = 9.00, a number of yuan on the wire (docs/business-api.md).
    expect(preview.body.result.couponPrice).toBe(9);
    const byId = new Map(preview.body.result.coupons.map((choice) => [choice.id, choice]));
    expect(byId.get(fine)).toMatchObject({ usable: true, reason: null, couponPrice: 9 });
    expect(byId.get(high)).toMatchObject({ usable: false, reason: '未满足门槛', couponPrice: 0 });
    expect(byId.get(elsewhere)).toMatchObject({ usable: false, reason: '没有匹配的商品' });
    expect(byId.get(later)).toMatchObject({ usable: false, reason: '未到使用时间' });
    expect(byId.has(notMine)).toBe(false);
    // The usable ones first (the member's 新人券 among them), the largest deduction first.
    const usable = preview.body.result.coupons.filter((choice) => choice.usable);
    expect(preview.body.result.coupons.slice(0, usable.length)).toEqual(usable);
    expect(usable.map((choice) => Number(choice.couponPrice))).toEqual(usable.map((choice) => Number(choice.couponPrice)).sort((a, b) => b - a));
  });
});

describe('the coupon comes back', () => {
  const staff = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/afterSale/${path}`, { ...admin(), body });
  async function refundLine(buyer: { headers: Record<string, string> }, itemId: string, price: string): Promise<void> {
    const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: itemId, way: '10', refundPrice: price, applyReason: '不想要了' }, headers: buyer.headers });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    expect((await staff('agree', { id: applied.body.result.id })).body.success).toBe(true);
    expect((await staff('refund', { id: applied.body.result.id })).body.success).toBe(true);
  }

  it('to 未使用 when the order is cancelled, or to 已过期 when past its end', async () => {
    const buyer = await shopper(demo, nextMobile());
    const sku = await stockedSku(demo, 26, '50.00', 50);
    const id = await template(demo, { name: '退回券' });
    const first = await taken(demo, buyer, id);
    const order = (await createOrder(demo, buyer, [{ skuId: sku.skuId, count: 1 }], { couponId: first })).body.result;
    expect((await couponRow(demo, first)).status).toBe('2');
    expect((await call(demo.app, 'POST', '/api/app/order/cancel', { body: { id: order.id }, headers: buyer.headers })).body.success).toBe(true);
    expect(await couponRow(demo, first)).toEqual({ status: '1', useOrderId: null });

    const second = await taken(demo, buyer, id);
    const again = (await createOrder(demo, buyer, [{ skuId: sku.skuId, count: 1 }], { couponId: second })).body.result;
    await sql`update cust_coupon set valid_end_time = now() - interval '1 minute' where id = ${second}`.execute(demo.app.db);
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/close', { ...admin(), body: { id: again.id, reason: '缺货' } })).body.success).toBe(true);
    expect((await couponRow(demo, second)).status).toBe('3');
    const log = await sql<{ action: string }>`select action from cust_coupon_log where coupon_id = ${second} order by create_time, action`.execute(demo.app.db);
    expect(log.rows.map((row) => row.action).sort()).toEqual(['giveBackExpired', 'use']);
  });

  it('on a full refund, not on a partial one', async () => {
    const buyer = await shopper(demo, nextMobile());
    const one = await stockedSku(demo, 27, '60.00', 50);
    const two = await stockedSku(demo, 28, '50.00', 50);
    const couponId = await taken(demo, buyer, await template(demo, { name: '退款券', discountPrice: 11 }));
    const order = (await createOrder(demo, buyer, [{ skuId: one.skuId, count: 1 }, { skuId: two.skuId, count: 1 }], { couponId })).body.result;
    expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers })).body.success).toBe(true);
    const [lineA, lineB] = await orderLines(demo, order.id);
    if (lineA === undefined || lineB === undefined) throw new Error('two lines expected');
    await refundLine(buyer, lineA.id, lineA.payPrice);
    expect((await couponRow(demo, couponId)).status).toBe('2');
    await refundLine(buyer, lineB.id, lineB.payPrice);
    expect(await couponRow(demo, couponId)).toEqual({ status: '1', useOrderId: null });
  });
});

describe('expiry and 回收', () => {
  it('expires unused coupons past their end through the scheduled job', async () => {
    const buyer = await shopper(demo, nextMobile());
    const id = await template(demo, { name: '到期券' });
    const due = await taken(demo, buyer, id);
    const fresh = await taken(demo, buyer, id);
    await sql`update cust_coupon set valid_end_time = now() - interval '1 second' where id = ${due}`.execute(demo.app.db);
    const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = 'marketing.expireCoupons'`.execute(demo.app.db);
    const jobId = job.rows[0]?.id;
    expect(jobId).toBeDefined();
    const run = await call(demo.app, 'GET', `/api/sys/quartzJob/execute?id=${jobId ?? ''}`, { token: demo.admin });
    expect(run.body.success, JSON.stringify(run.body)).toBe(true);
    await expect.poll(async () => (await couponRow(demo, due)).status, { timeout: 10_000 }).toBe('3');
    expect((await couponRow(demo, fresh)).status).toBe('1');
  });

  it('回收 deletes an unused coupon and lowers the taken count; a used one stays', async () => {
    const buyer = await shopper(demo, nextMobile());
    const sku = await stockedSku(demo, 29, '50.00', 50);
    const id = await template(demo, { name: '回收券', totalCount: 2, takeLimitCount: 2 });
    const first = await taken(demo, buyer, id);
    const second = await taken(demo, buyer, id);
    expect(await listed(id)).toMatchObject({ takeCount: 2, remainCount: 0 });
    await createOrder(demo, buyer, [{ skuId: sku.skuId, count: 1 }], { couponId: second });
    const records = await call<{ records: Array<{ id: string; usePrice: number }> }>(demo.app, 'GET', `/api/cust/custCoupon/list?templateId=${id}`, admin());
    expect(records.body.result.records.map((record) => record.id).sort()).toEqual([first, second].sort());
    expect((await call(demo.app, 'POST', '/api/cust/custCoupon/recycle', { ...admin(), body: { id: second } })).body).toMatchObject({ success: false, message: '只能回收未使用的优惠券' });
    expect((await call(demo.app, 'POST', '/api/cust/custCoupon/recycle', { ...admin(), body: { id: first } })).body).toMatchObject({ success: true, message: '回收成功' });
    expect(await listed(id)).toMatchObject({ takeCount: 1, useCount: 1, remainCount: 1 });
    // Taken once more now that one is back; a template with coupons is not deleted.
    await taken(demo, buyer, id);
    expect((await call(demo.app, 'DELETE', `/api/marketing/coupon/delete?id=${id}`, admin())).body).toMatchObject({ success: false, message: '已有会员领取的优惠券不能删除，请停用' });
    const unused = await template(demo, { name: '无人领取' });
    expect((await call(demo.app, 'DELETE', `/api/marketing/coupon/delete?id=${unused}`, admin())).body.success).toBe(true);
  });
});
