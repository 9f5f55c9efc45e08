/** Commission at both levels, refund cancellation, settlement after the freeze, withdrawals (issue #14). */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { settleCommission } from '../../server/jobs';
import { admin, buyAndPay, makeDistributor, records, signIn, staff, stockedSku, totals, type Member } from './drp-helpers';
import { shopDay } from '../../../../server/time/shop-time';

const SETTINGS = { DRP_MIN_WITHDRAW: '5', DRP_WITHDRAW_FEE_PERCENT: '1.5', DRP_FREEZE_DAYS: '7' } as const;
beforeAll(() => {
  Object.assign(process.env, SETTINGS);
});
afterAll(() => {
  for (const name of Object.keys(SETTINGS)) Reflect.deleteProperty(process.env, name);
});

const demo = useDemoServer();

/** base × percent / 100, floored to the cent, as text. */
const floor = (base: Decimal, percent: number) => base.times(percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
const baseOf = (line: { pay_price: string; delivery_price: string }) => new Decimal(line.pay_price).minus(line.delivery_price);

async function refund(buyer: Member, itemId: string, price: string): Promise<void> {
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: itemId, way: '10', refundPrice: price, applyReason: '不想要了' }, headers: buyer.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/agree', { ...admin(demo), body: { id: applied.body.result.id } })).body.success).toBe(true);
  const refunded = await call(demo.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(demo), body: { id: applied.body.result.id } });
  expect(refunded.body.success, JSON.stringify(refunded.body)).toBe(true);
}

const withdraw = (member: Member, body: Record<string, unknown>) =>
  call<{ id: string; feePrice: number; payoutPrice: number }>(demo.app, 'POST', '/api/app/brokerage/withdraw', { body: { type: '2', name: '王五', account: '6222000011112222', ...body }, headers: member.headers });

describe('commission, settlement and withdrawals', () => {
  let top: Member;
  let mid: Member;
  let buyer: Member;
  let topId: string;
  let midId: string;

  it('pays level 1 to the buyer\'s upline and level 2 to the upline\'s upline, floored to the cent, frozen for the freeze days', async () => {
    top = await signIn(demo, '13900001501');
    topId = await makeDistributor(demo, top, '顶级');
    mid = await signIn(demo, '13900001502', top.memberNo);
    midId = await makeDistributor(demo, mid, '中级');
    buyer = await signIn(demo, '13900001503', mid.memberNo);
    // The default level pays 10 % and 5 %.
    const level = await sql<{ first_percent: string; second_percent: string }>`select first_percent::text, second_percent::text from drp_level where tenant_id = 1 and is_default`.execute(demo.app.db);
    expect(level.rows[0]).toEqual({ first_percent: '10.00', second_percent: '5.00' });

    const skuA = await stockedSku(demo, 20, '123.45', 50);
    const skuB = await stockedSku(demo, 21, '33.33', 50);
    const order = await buyAndPay(demo, buyer, [{ skuId: skuA, count: 1 }, { skuId: skuB, count: 1 }]);
    const bases = order.lines.map(baseOf);
    expect(bases.every((base) => base.greaterThan(0))).toBe(true);
    const first = bases.map((base) => floor(base, 10));
    const second = bases.map((base) => floor(base, 5));
    const sum = (list: Decimal[]) => list.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

    expect(await totals(demo, midId)).toEqual({ available: '0.00', frozen: sum(first) });
    expect(await totals(demo, topId)).toEqual({ available: '0.00', frozen: sum(second) });
    const midRows = await records(demo, midId);
    expect(midRows.map((row) => ({ biz: row.biz_type, level: row.level, status: row.status, item: row.order_item_id, price: row.price })).sort((a, b) => String(a.item).localeCompare(String(b.item)))).toEqual(
      order.lines.map((line, index) => ({ biz: '1', level: 1, status: '0', item: line.id, price: first[index]?.toFixed(2) })),
    );
    expect((await records(demo, topId)).map((row) => row.level)).toEqual([2, 2]);
    const unfreeze = await sql<{ days: string }>`select round(extract(epoch from (unfreeze_time - create_time)) / 86400)::text as days from drp_brokerage_record where distributor_id = ${midId} limit 1`.execute(demo.app.db);
    expect(unfreeze.rows[0]?.days).toBe('7');
    // A known amount: 123.45 × 10 % = 12.345 → 12.34 (the helper agrees with the floor).
    expect(floor(new Decimal('123.45'), 10).toFixed(2)).toBe('12.34');
  });

  it('pays nothing through an upline that is not a distributor, or a disabled one', async () => {
    const plain = await signIn(demo, '13900001504');
    const invitedByPlain = await signIn(demo, '13900001505', plain.memberNo);
    const sku = await stockedSku(demo, 22, '50.00', 50);
    await buyAndPay(demo, invitedByPlain, [{ skuId: sku, count: 2 }]);
    const none = await sql<{ count: string }>`select count(*)::text as count from drp_brokerage_record where source_member_id = ${invitedByPlain.memberId}`.execute(demo.app.db);
    expect(none.rows[0]?.count).toBe('0');

    // mid disabled: no level 1; top (enabled) still earns level 2.
    expect((await staff(demo, 'drpDistributor/updateEnabled', { id: midId, enabled: false })).body.success).toBe(true);
    const before = await totals(demo, midId);
    const order = await buyAndPay(demo, buyer, [{ skuId: sku, count: 1 }]);
    expect(await totals(demo, midId)).toEqual(before);
    const topRows = await sql<{ level: number }>`select level from drp_brokerage_record where biz_id = ${order.id}`.execute(demo.app.db);
    expect(topRows.rows).toEqual([{ level: 2 }]);
    expect((await staff(demo, 'drpDistributor/updateEnabled', { id: midId, enabled: true })).body.success).toBe(true);
    // A disabled distributor also cannot withdraw.
    await staff(demo, 'drpDistributor/updateEnabled', { id: topId, enabled: false });
    expect((await withdraw(top, { price: 5 })).body).toMatchObject({ success: false, message: '分销资格已取消，不能提现' });
    await staff(demo, 'drpDistributor/updateEnabled', { id: topId, enabled: true });
  });

  it('cancels a refunded line\'s commission from frozen, and settles the rest after the freeze', async () => {
    const sku = await stockedSku(demo, 23, '200.00', 50);
    const order = await buyAndPay(demo, buyer, [{ skuId: sku, count: 1 }]);
    const line = order.lines[0];
    if (line === undefined) throw new Error('one line expected');
    const amount = floor(baseOf(line), 10);
    const before = await totals(demo, midId);
    await refund(buyer, line.id, line.pay_price);
    const after = await totals(demo, midId);
    expect(after).toEqual({ available: before.available, frozen: new Decimal(before.frozen).minus(amount).toFixed(2) });
    const rows = await sql<{ biz_type: string; status: string; price: string }>`select biz_type, status, price::text from drp_brokerage_record
      where distributor_id = ${midId} and order_item_id = ${line.id} order by biz_type`.execute(demo.app.db);
    expect(rows.rows).toEqual([
      { biz_type: '1', status: '2', price: amount.toFixed(2) },
      { biz_type: '4', status: '1', price: amount.negated().toFixed(2) },
    ]);

    // Not yet due: the job settles nothing of mid's.
    const services = demo.app.services;
    await settleCommission.run({ db: demo.app.db, parameter: null, fireTime: null, services });
    expect((await totals(demo, midId)).available).toBe('0.00');
    // The freeze ends: the job moves frozen to available.
    await sql`update drp_brokerage_record set unfreeze_time = now() - interval '1 minute' where distributor_id in (${midId}, ${topId}) and status = '0'`.execute(demo.app.db);
    await settleCommission.run({ db: demo.app.db, parameter: null, fireTime: null, services });
    const settled = await totals(demo, midId);
    expect(settled).toEqual({ available: after.frozen, frozen: '0.00' });
    const statuses = await sql<{ status: string }>`select distinct status from drp_brokerage_record where distributor_id = ${midId} and biz_type = '1'`.execute(demo.app.db);
    expect(statuses.rows.map((row) => row.status).sort()).toEqual(['1', '2']);
    expect((await totals(demo, topId)).frozen).toBe('0.00');
  });

  it('withdraws within available and the minimum, with the fee; rejection returns the amount; approve then pay', async () => {
    const available = new Decimal((await totals(demo, midId)).available);
    expect(available.greaterThan(12)).toBe(true);
    expect((await withdraw(buyer, { price: 10 })).body).toMatchObject({ success: false, message: '您还不是分销商' });
    expect((await withdraw(mid, { price: 4.99 })).body).toMatchObject({ success: false, message: '提现金额不能低于 5.00 元' });
    expect((await withdraw(mid, { price: available.plus('0.01').toFixed(2) })).body).toMatchObject({ success: false, message: `可提现佣金不足，当前可提现 ${available.toFixed(2)} 元` });
    expect((await withdraw(mid, { price: '5.001' })).body).toMatchObject({ success: false, message: '提现金额格式不正确（大于 0，最多两位小数）' });
    expect((await withdraw(mid, { price: 10, type: '9' })).body).toMatchObject({ success: false, message: '提现方式不正确' });

    const first = await withdraw(mid, { price: 10 });
    expect(first.body).toMatchObject({ success: true, result: { feePrice: 0.15, payoutPrice: 9.85 } });
    expect((await totals(demo, midId)).available).toBe(available.minus(10).toFixed(2));
    expect((await staff(demo, 'drpWithdraw/pay', { id: first.body.result.id })).body).toMatchObject({ success: false, message: '提现申请当前状态为「审核中」，不能打款' });
    expect((await staff(demo, 'drpWithdraw/reject', { id: first.body.result.id, reason: '账户有误' })).body.success).toBe(true);
    expect((await totals(demo, midId)).available).toBe(available.toFixed(2));
    expect((await staff(demo, 'drpWithdraw/reject', { id: first.body.result.id, reason: '再驳回' })).body).toMatchObject({ success: false, message: '提现申请当前状态为「审核不通过」，不能驳回' });
    const ledger = await sql<{ biz_type: string; price: string; total_price: string }>`select biz_type, price::text, total_price::text from drp_brokerage_record
      where biz_id = ${first.body.result.id} order by biz_type`.execute(demo.app.db);
    expect(ledger.rows).toEqual([
      { biz_type: '2', price: '-10.00', total_price: available.minus(10).toFixed(2) },
      { biz_type: '3', price: '10.00', total_price: available.toFixed(2) },
    ]);

    const second = await withdraw(mid, { price: '12.34' });
    expect(second.body).toMatchObject({ success: true, result: { feePrice: 0.19, payoutPrice: 12.15 } });
    expect((await staff(demo, 'drpWithdraw/approve', { id: second.body.result.id })).body.success).toBe(true);
    expect((await staff(demo, 'drpWithdraw/approve', { id: second.body.result.id })).body).toMatchObject({ success: false, message: '提现申请当前状态为「审核通过」，不能审核通过' });
    expect((await staff(demo, 'drpWithdraw/pay', { id: second.body.result.id })).body.success).toBe(true);
    const paid = await sql<{ status: string; paid: boolean; withdrawn: string; count: number }>`select w.status, w.pay_time is not null as paid, d.withdrawn_price::text as withdrawn, d.withdraw_count as count
      from drp_withdraw w join drp_distributor d on d.id = w.distributor_id where w.id = ${second.body.result.id}`.execute(demo.app.db);
    expect(paid.rows[0]).toEqual({ status: '11', paid: true, withdrawn: '12.34', count: 1 });
    const logs = await sql<{ action: string }>`select action from drp_withdraw_log where withdraw_id = ${second.body.result.id} order by create_time, action`.execute(demo.app.db);
    expect(logs.rows.map((row) => row.action).sort()).toEqual(['apply', 'approve', 'pay']);
  });

  it('a failed transfer (提现失败) keeps the amount out; 重新转账 returns it to 审核中, to be paid again or rejected', async () => {
    const state = async (id: string) =>
      (await sql<{ status: string; reason: string | null; withdrawn: string }>`select w.status, w.pay_fail_reason as reason, d.withdrawn_price::text as withdrawn
        from drp_withdraw w join drp_distributor d on d.id = w.distributor_id where w.id = ${id}`.execute(demo.app.db)).rows[0];
    // A distributor of its own with settled commission to withdraw.
    const payee = await signIn(demo, '13900001521');
    const payeeId = await makeDistributor(demo, payee, '转账');
    const customer = await signIn(demo, '13900001522', payee.memberNo);
    await buyAndPay(demo, customer, [{ skuId: await stockedSku(demo, 24, '300.00', 10), count: 1 }]);
    await sql`update drp_brokerage_record set unfreeze_time = now() - interval '1 minute' where distributor_id = ${payeeId} and status = '0'`.execute(demo.app.db);
    await settleCommission.run({ db: demo.app.db, parameter: null, fireTime: null, services: demo.app.services });
    const available = new Decimal((await totals(demo, payeeId)).available);
    const first = await withdraw(payee, { price: 5 });
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    const id = first.body.result.id;
    expect((await staff(demo, 'drpWithdraw/payFail', { id, reason: '户名不符' })).body).toMatchObject({ success: false, message: '提现申请当前状态为「审核中」，不能打款失败' });
    expect((await staff(demo, 'drpWithdraw/approve', { id })).body.success).toBe(true);
    const withdrawnBefore = (await state(id))?.withdrawn ?? '';
    expect((await staff(demo, 'drpWithdraw/payFail', { id, reason: '户名不符' })).body).toMatchObject({ success: true, message: '已记录打款失败' });
    expect(await state(id)).toEqual({ status: '21', reason: '户名不符', withdrawn: withdrawnBefore });
    expect((await totals(demo, payeeId)).available).toBe(available.minus(5).toFixed(2));
    expect((await staff(demo, 'drpWithdraw/pay', { id })).body).toMatchObject({ success: false, message: '提现申请当前状态为「提现失败」，不能打款' });
    expect((await staff(demo, 'drpWithdraw/repay', { id })).body).toMatchObject({ success: true, message: '已退回审核中，请重新审核并打款' });
    expect((await state(id))?.status).toBe('0');
    expect((await staff(demo, 'drpWithdraw/repay', { id })).body).toMatchObject({ success: false, message: '提现申请当前状态为「审核中」，不能重新转账' });
    expect((await staff(demo, 'drpWithdraw/approve', { id })).body.success).toBe(true);
    expect((await staff(demo, 'drpWithdraw/pay', { id })).body.success).toBe(true);
    expect(await state(id)).toMatchObject({ status: '11', withdrawn: new Decimal(withdrawnBefore).plus(5).toFixed(2) });
    const logs = await sql<{ action: string; content: string | null }>`select action, content from drp_withdraw_log where withdraw_id = ${id} order by create_time, action`.execute(demo.app.db);
    expect(logs.rows.map((row) => row.action).sort()).toEqual(['apply', 'approve', 'approve', 'pay', 'payFail', 'repay']);

    const second = await withdraw(payee, { price: 5 });
    await staff(demo, 'drpWithdraw/approve', { id: second.body.result.id });
    await staff(demo, 'drpWithdraw/payFail', { id: second.body.result.id, reason: '账户已注销' });
    expect((await totals(demo, payeeId)).available).toBe(available.minus(10).toFixed(2));
    await staff(demo, 'drpWithdraw/repay', { id: second.body.result.id });
    expect((await staff(demo, 'drpWithdraw/reject', { id: second.body.result.id, reason: '请更换收款账户后重新申请' })).body.success).toBe(true);
    expect((await state(second.body.result.id))?.status).toBe('20');
    expect((await totals(demo, payeeId)).available).toBe(available.minus(5).toFixed(2));
  });

  it('takes back a settled commission from available, never below zero, and says so', async () => {
    const sku = await stockedSku(demo, 24, '100.00', 50);
    const order = await buyAndPay(demo, buyer, [{ skuId: sku, count: 1 }]);
    const line = order.lines[0];
    if (line === undefined) throw new Error('one line expected');
    const amount = floor(baseOf(line), 10);
    await sql`update drp_brokerage_record set unfreeze_time = now() - interval '1 minute' where order_item_id = ${line.id}`.execute(demo.app.db);
    const services = demo.app.services;
    await settleCommission.run({ db: demo.app.db, parameter: null, fireTime: null, services });
    // Withdraw all but 1.00 of the available commission, so the refund finds less than the commission.
    const available = new Decimal((await totals(demo, midId)).available);
    expect(available.greaterThan(amount)).toBe(true);
    expect((await withdraw(mid, { price: available.minus(1).toFixed(2) })).body.success).toBe(true);
    expect((await totals(demo, midId)).available).toBe('1.00');
    await refund(buyer, line.id, line.pay_price);
    expect(await totals(demo, midId)).toEqual({ available: '0.00', frozen: '0.00' });
    const back = await sql<{ price: string; title: string; total_price: string }>`select price::text, title, total_price::text from drp_brokerage_record
      where order_item_id = ${line.id} and distributor_id = ${midId} and biz_type = '4'`.execute(demo.app.db);
    expect(back.rows[0]?.price).toBe('-1.00');
    expect(back.rows[0]?.total_price).toBe('0.00');
    expect(back.rows[0]?.title).toBe(`订单 ${order.no} 退款，扣回可提现佣金 1.00 元（应扣 ${amount.toFixed(2)} 元，可提现佣金不足，仅扣回剩余部分）`);
  });

  it('ranks 业绩 by referred order amount for the month', async () => {
    // The shop's month: 业绩 counts months on the shop's clock.
    const month = shopDay().slice(0, 7);
    const answer = await call<{ records: Array<{ distributorId: string; rank: number; orderCount: number; newReferrals: number }> }>(
      demo.app,
      'GET',
      `/api/marketingDrp/drpPerformance/list?month=${month}&keyword=13900001502`,
      admin(demo),
    );
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    expect(answer.body.result.records).toMatchObject([{ distributorId: midId, rank: 1, newReferrals: 1 }]);
    expect(answer.body.result.records[0]?.orderCount).toBe(1);
    expect((await call(demo.app, 'GET', '/api/marketingDrp/drpPerformance/list?month=2026-13', admin(demo))).body).toMatchObject({ success: false, message: '月份格式应为 YYYY-MM' });
  });
});
