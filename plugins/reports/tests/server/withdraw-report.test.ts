/**
 * 提现报表 (issue 15, docs/reference/business-domains.md §5 withdrawals, §6): withdrawals applied through the member API
 * and approved, paid and rejected by staff, moved to days of 2024; counts, amounts and fees by the day
 * of each event, the top distributors named through the members contract, 支付佣金 by settle day, the
 * export, and the same answers from stored days as from live ones.
 */
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { beforeFirstRollUp, forgetStoredDays } from '../../../../tests/server/report-days';
import { at, get, order, rolledThrough, runJob, shopper, staffCall, stockedSku, T1, type Shopper } from './goods-helpers';

const SETTINGS = { DRP_MIN_WITHDRAW: '1', DRP_WITHDRAW_FEE_PERCENT: '1.5', DRP_FREEZE_DAYS: '7' } as const;
beforeAll(() => {
  Object.assign(process.env, SETTINGS);
});
afterAll(() => {
  for (const name of Object.keys(SETTINGS)) Reflect.deleteProperty(process.env, name);
});

const demo = useDemoServer();
// Backdated orders below are read live, as before the shop's first roll-up.
beforeAll(() => beforeFirstRollUp(demo));

type Figures = Record<'appliedCount' | 'approvedCount' | 'paidCount' | 'rejectedCount', number> & Record<'appliedAmount' | 'approvedAmount' | 'paidAmount' | 'rejectedAmount' | 'fee', string>;
interface Summary {
  previous: { beginDate: string; endDate: string };
  current: Figures;
  before: Figures;
  change: Record<keyof Figures, string | null>;
}
interface Top {
  rank: number;
  memberId: string;
  name: string;
  mobile: string | null;
  amount: string;
}

const D1 = '2024-06-03';
const D2 = '2024-06-04';
const D3 = '2024-06-05';
const SETTLED = '2024-06-02';
const RANGE = `beginDate=${D1}&endDate=${D3}`;

const summary = async (query: string) => (await get<Summary>(demo, `/report/withdraw/summary?${query}`)).body;
const trend = async (query: string) => (await get<{ daily: Array<Figures & { date: string }> }>(demo, `/report/withdraw/trend?${query}`)).body;
const top = async (query: string) => (await get<Top[]>(demo, `/report/withdraw/top?${query}`)).body;
const staff = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/marketingDrp/drpWithdraw/${path}`, { ...staffCall(demo), body });

async function makeDistributor(member: Shopper, name: string): Promise<string> {
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/brokerage/apply', { body: { name, mobile: '13800000000' }, headers: member.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  const approved = await call<{ distributorId: string }>(demo.app, 'POST', '/api/marketingDrp/drpRecruit/approve', { ...staffCall(demo), body: { id: applied.body.result.id } });
  expect(approved.body.success, JSON.stringify(approved.body)).toBe(true);
  return approved.body.result.distributorId;
}

async function withdraw(member: Shopper, price: string): Promise<{ id: string; feePrice: number }> {
  const applied = await call<{ id: string; feePrice: number }>(demo.app, 'POST', '/api/app/brokerage/withdraw', { body: { price, type: '2', name: '王五', account: '6222000011112222' }, headers: member.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  return applied.body.result;
}

/** Moves a withdrawal's application and its logged transitions to Shanghai wall-clock times. */
async function moveWithdraw(id: string, times: Partial<Record<'apply' | 'approve' | 'pay' | 'reject', string>>): Promise<void> {
  for (const [action, time] of Object.entries(times)) {
    await sql`update drp_withdraw_log set create_time = ${at(time)} where withdraw_id = ${id} and action = ${action}`.execute(demo.app.db);
    if (action === 'apply') await sql`update drp_withdraw set create_time = ${at(time)} where id = ${id}`.execute(demo.app.db);
  }
}

describe('提现报表', () => {
  let alice: Shopper;
  let carol: Shopper;
  let settledTotal = '';

  it('counts the withdrawals applied, approved, paid and rejected on the day of each event, with the fees of those paid', async () => {
    // Two distributors, each earning commission on an invited buyer's order, settled after the freeze.
    alice = await shopper(demo, '13900015101');
    await makeDistributor(alice, '爱丽丝');
    carol = await shopper(demo, '13900015102');
    await makeDistributor(carol, '卡罗尔');
    const bob = await shopper(demo, '13900015103', alice.memberNo);
    const dave = await shopper(demo, '13900015104', carol.memberNo);
    const sku = await stockedSku(demo, 12, '500.00', 50);
    await order(demo, bob, [{ skuId: sku.skuId, count: 1 }]);
    await order(demo, dave, [{ skuId: sku.skuId, count: 1 }]);
    const members = [alice.memberId, carol.memberId];
    await sql`update drp_brokerage_record r set unfreeze_time = now() - interval '1 minute' from drp_distributor d
      where d.id = r.distributor_id and d.member_id in (${sql.join(members)}) and r.status = '0'`.execute(demo.app.db);
    await runJob(demo, 'distribution.settleCommission');
    const settled = await sql<{ id: string; price: string }>`select r.id, r.price::text as price from drp_brokerage_record r join drp_distributor d on d.id = r.distributor_id
      where d.member_id in (${sql.join(members)}) and r.biz_type = '1' and r.status = '1'`.execute(demo.app.db);
    expect(settled.rows.length).toBe(2);
    settledTotal = settled.rows.reduce((total, row) => total.plus(row.price), new Decimal(0)).toFixed(2);
    await sql`update drp_brokerage_record set settle_time = ${at(`${SETTLED} 08:00:00`)} where id in (${sql.join(settled.rows.map((row) => row.id))})`.execute(demo.app.db);

    const w1 = await withdraw(alice, '10.00'); // applied D1, approved D2, paid D3
    const w2 = await withdraw(alice, '12.34'); // applied D1, rejected D2
    const w3 = await withdraw(alice, '5.00'); // applied D2, approved D2, waiting for payment
    const w4 = await withdraw(carol, '20.00'); // applied D1, approved D1, paid D2
    expect([w1.feePrice, w4.feePrice]).toEqual([0.15, 0.3]);
    for (const id of [w1.id, w3.id, w4.id]) expect((await staff('approve', { id })).body.success).toBe(true);
    expect((await staff('reject', { id: w2.id, reason: '账户有误' })).body.success).toBe(true);
    for (const id of [w1.id, w4.id]) expect((await staff('pay', { id })).body.success).toBe(true);
    await moveWithdraw(w1.id, { apply: `${D1} 09:00:00`, approve: `${D2} 09:00:00`, pay: `${D3} 23:59:59` });
    await moveWithdraw(w2.id, { apply: `${D1} 09:10:00`, reject: `${D2} 00:00:00` });
    await moveWithdraw(w3.id, { apply: `${D2} 10:00:00`, approve: `${D2} 11:00:00` });
    await moveWithdraw(w4.id, { apply: `${D1} 00:00:00`, approve: `${D1} 12:00:00`, pay: `${D2} 08:00:00` });

    const body = await summary(RANGE);
    expect(body.success).toBe(true);
    expect(body.result.current).toEqual({
      appliedCount: 4,
      appliedAmount: '47.34',
      approvedCount: 3,
      approvedAmount: '35.00',
      paidCount: 2,
      paidAmount: '30.00',
      rejectedCount: 1,
      rejectedAmount: '12.34',
      fee: '0.45',
    });
    expect(body.result.previous).toEqual({ beginDate: '2024-05-31', endDate: SETTLED });
    expect(body.result.before).toMatchObject({ appliedCount: 0, paidAmount: '0.00' });
    expect(body.result.change.appliedAmount).toBeNull();

    const daily = (await trend(RANGE)).result.daily;
    expect(daily.map((day) => [day.date, day.appliedCount, day.appliedAmount, day.approvedCount, day.approvedAmount, day.paidCount, day.paidAmount, day.rejectedAmount, day.fee])).toEqual([
      [D1, 3, '42.34', 1, '20.00', 0, '0.00', '0.00', '0.00'],
      [D2, 1, '5.00', 2, '15.00', 1, '20.00', '12.34', '0.30'],
      [D3, 0, '0.00', 0, '0.00', 1, '10.00', '0.00', '0.15'],
    ]);
    // 环比: D3 against D2.
    expect((await summary(`beginDate=${D3}&endDate=${D3}`)).result.change.paidAmount).toBe('-50.00');
  });

  it('ranks the distributors by the amount paid to them, named through the members contract', async () => {
    const leaders = (await top(RANGE)).result;
    expect(leaders.map((leader) => [leader.rank, leader.memberId, leader.mobile, leader.amount])).toEqual([
      [1, carol.memberId, '13900015102', '20.00'],
      [2, alice.memberId, '13900015101', '10.00'],
    ]);
    expect(leaders.every((leader) => leader.name !== '')).toBe(true);
    expect((await top(`beginDate=${D3}&endDate=${D3}&limit=1`)).result.map((leader) => leader.memberId)).toEqual([alice.memberId]);
    expect((await top(`${RANGE}&limit=0`)).success).toBe(false);
  });

  it('keeps the report and its export to their permissions', async () => {
    const asClerk = await get(demo, `/report/withdraw/summary?${RANGE}`, demo.clerk);
    expect(asClerk.body.success, JSON.stringify(asClerk.body)).toBe(true);
    expect((await get(demo, `/report/withdraw/exportXls?${RANGE}`, demo.clerk)).status).toBe(403);
    expect((await get(demo, `/report/withdraw/summary?beginDate=${D3}&endDate=${D1}`)).body.message).toBe('参数校验失败：开始日期不能晚于结束日期');
  });

  it('exports the overview, the daily trend and the top distributors with the same figures', async () => {
    const response = await demo.app.inject({ method: 'GET', url: `/api/report/withdraw/exportXls?${RANGE}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value)))));
    expect(rows).toContainEqual(['申请金额', '47.34', '0.00']);
    expect(rows).toContainEqual(['手续费', '0.45', '0.00']);
    expect(rows).toContainEqual([D2, '1', '5.00', '2', '15.00', '1', '20.00', '1', '12.34', '0.30']);
    expect(rows.find((row) => row[0] === '1' && row[2] === '13900015102')?.[3]).toBe('20.00');
  });

  it('answers the same from stored days as from live ones once the roll-up ran, 支付佣金 on its settle day', async () => {
    await forgetStoredDays(demo);
    const wide = `beginDate=${SETTLED}&endDate=${D3}`;
    const live = { summary: (await summary(wide)).result, trend: (await trend(wide)).result, top: (await top(wide)).result };
    await runJob(demo, 'report.rollUp');
    expect(await rolledThrough(demo)).not.toBeNull();
    expect({ summary: (await summary(wide)).result, trend: (await trend(wide)).result, top: (await top(wide)).result }).toEqual(live);
    const commission = await sql<{ value: string }>`select value::text as value from rpt_daily_fact where tenant_id = 1 and metric = 'brokerage.settled' and day = ${SETTLED}::date and dim = ''`.execute(demo.app.db);
    expect(commission.rows.map((row) => new Decimal(row.value).toFixed(2))).toEqual([settledTotal]);
    const byDistributor = await sql<{ value: string }>`select value::text as value from rpt_daily_fact f join drp_distributor d on d.id = f.dim
      where f.tenant_id = 1 and f.metric = 'withdraw.paidByDistributor' and f.day = ${D2}::date and d.member_id = ${carol.memberId}`.execute(demo.app.db);
    expect(byDistributor.rows.map((row) => new Decimal(row.value).toFixed(2))).toEqual(['20.00']);
  });
});
