/**
 * The dashboards (docs/reference/business-domains.md §6 "Dashboards"): counters shown by the permission of the list they
 * link to and equal to the SQL count of the same rows; the analysis cards for today against yesterday
 * from orders placed and paid here; the funnel's distinct counts; member shares summing to the members.
 */
import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useDemoServer } from '../../../../tests/server/helpers';
import { beforeFirstRollUp } from '../../../../tests/server/report-days';
import { shopper, T1 } from '../../../../tests/server/shop';
import { dayIn } from '../../../../server/time/shop-time';
import type { AnalysisResult, ChartResult, CounterView } from '../../model';
import { placeOrder, sqlCount, stockedSku } from './dashboard-helpers';

const demo = useDemoServer();
const ZONE = 'Asia/Shanghai';
const admin = () => ({ token: demo.admin, headers: T1 });
const RUN = Date.now().toString().slice(-7);

const counters = async (as: { token: string; headers?: Record<string, string> }, group?: string) => {
  const response = await call<CounterView[]>(demo.app, 'GET', `/api/dashboard/counters${group === undefined ? '' : `?group=${group}`}`, as);
  expect(response.body.success, JSON.stringify(response.body)).toBe(true);
  return response.body.result;
};
const analysis = async (as: { token: string; headers?: Record<string, string> } = admin()) => {
  const response = await call<AnalysisResult>(demo.app, 'GET', '/api/dashboard/analysis', as);
  expect(response.body.success, JSON.stringify(response.body)).toBe(true);
  return response.body.result;
};
const chart = async (query: string, as: { token: string; headers?: Record<string, string> } = admin()) => call<ChartResult>(demo.app, 'GET', `/api/dashboard/chart${query}`, as);
const card = (result: AnalysisResult, key: string) => {
  const found = result.cards.find((item) => item.key === key);
  if (found === undefined) throw new Error(`no card ${key}`);
  return found;
};
const countOf = (views: CounterView[], key: string) => views.find((view) => view.key === key)?.count;

/** SQL counts of the rows each counter stands for, in a tenant. */
async function expectedCounts(tenantId: number): Promise<Record<string, number>> {
  const n = (query: RawBuilder<{ n: number }>) => sqlCount(demo, query);
  return {
    'order.toDeliver': await n(sql`select count(*)::int as n from sale_order where tenant_id = ${tenantId} and status = '10'`),
    'order.refunding': await n(sql`select count(*)::int as n from sale_after_sale where tenant_id = ${tenantId} and status in ('10', '20', '30', '40')`),
    'order.toPickUp': await n(sql`select count(*)::int as n from sale_order where tenant_id = ${tenantId} and status = '10' and delivery_type = '2'`),
    'order.afterSaleTodo': await n(sql`select count(*)::int as n from sale_after_sale where tenant_id = ${tenantId} and status in ('10', '30')`),
    'order.purchaseTodo': await n(sql`select count(*)::int as n from zcy_purchase_order where tenant_id = ${tenantId} and status = '0'`),
    'goods.lowStock': await n(sql`select count(*)::int as n from goods_spu where tenant_id = ${tenantId} and status in ('0', '1') and low_stock_alert`),
    'goods.onSale': await n(sql`select count(*)::int as n from goods_spu where tenant_id = ${tenantId} and status = '1'`),
    'goods.warehouse': await n(sql`select count(*)::int as n from goods_spu where tenant_id = ${tenantId} and status = '0'`),
    'distribution.withdrawAuditing': await n(sql`select count(*)::int as n from drp_withdraw where tenant_id = ${tenantId} and status = '0'`),
  };
}

beforeAll(async () => {
  // Read every day live (as before the first roll-up), so rows backdated below count at once.
  await beforeFirstRollUp(demo);
});

describe('operating counters', () => {
  it('shows the admin every counter, each equal to the SQL count of its list, with its link', async () => {
    const views = await counters(admin());
    const expected = await expectedCounts(1);
    expect(Object.fromEntries(views.map((view) => [view.key, view.count]))).toEqual(expected);
    expect(views.find((view) => view.key === 'order.toDeliver')).toMatchObject({ title: '待发货', group: 'operation', link: '/saleorder/saleOrderList?tab=undelivered' });
    expect(views.find((view) => view.key === 'goods.lowStock')).toMatchObject({ title: '库存预警', link: '/goods/goodsSpuList?tab=alert' });
    expect(views.find((view) => view.key === 'distribution.withdrawAuditing')).toMatchObject({ title: '提现待审核', group: 'task', link: '/marketingDrp/drpWithdrawList?tab=auditing' });
    // The groups split them.
    expect((await counters(admin(), 'task')).map((view) => view.key).sort()).toEqual(['distribution.withdrawAuditing', 'order.afterSaleTodo', 'order.purchaseTodo']);
    expect((await counters(admin(), 'operation')).every((view) => view.group === 'operation' && view.items === undefined)).toBe(true);
  });

  it('lists a task counter\'s oldest waiting things first, at most 10, each with a link', async () => {
    for (const view of await counters(admin(), 'task')) {
      const items = view.items ?? [];
      expect(items.length).toBe(Math.min(view.count, 10));
      const times = items.map((item) => item.time ?? '');
      expect(times).toEqual([...times].sort());
      for (const item of items) expect(item.link).toMatch(/^\//);
    }
  });

  it('shows the clerk only the counters of the lists the clerk may open (no goods), and somebody without lists none', async () => {
    const clerkViews = await counters({ token: demo.clerk });
    expect(clerkViews.map((view) => view.key).sort()).toEqual(['distribution.withdrawAuditing', 'order.afterSaleTodo', 'order.purchaseTodo', 'order.refunding', 'order.toDeliver', 'order.toPickUp']);
    const expected = await expectedCounts(0);
    for (const view of clerkViews) expect(view.count).toBe(expected[view.key]);

    const added = await call(demo.app, 'POST', '/api/sys/user/add', {
      token: demo.admin,
      body: { username: `dash${RUN}`, realname: '无权限', password: 'Secret#1234', confirmPassword: 'Secret#1234', selectedroles: '', selecteddeparts: '' },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const nobody = (await login(demo.app, `dash${RUN}`, 'Secret#1234')).token;
    expect(await counters({ token: nobody })).toEqual([]);
    const nothing = await analysis({ token: nobody });
    expect(nothing).toMatchObject({ cards: [], trend: null, members: null });
    expect((await chart('', { token: nobody })).body.result).toMatchObject({ shares: null, funnel: null });
    // Anonymous callers are refused.
    expect((await call(demo.app, 'GET', '/api/dashboard/counters')).status).toBe(401);
  });

  it('counts a paid order as 待发货 at once', async () => {
    const buyer = await shopper(demo, `131${RUN.slice(-6)}01`);
    const sku = await stockedSku(demo, 0, '12.30', 100);
    const before = countOf(await counters(admin(), 'operation'), 'order.toDeliver') ?? -1;
    await placeOrder(demo, buyer, sku, false);
    expect(countOf(await counters(admin(), 'operation'), 'order.toDeliver')).toBe(before);
    await placeOrder(demo, buyer, sku, true);
    expect(countOf(await counters(admin(), 'operation'), 'order.toDeliver')).toBe(before + 1);
    expect(countOf(await counters(admin()), 'order.toDeliver')).toBe((await expectedCounts(1))['order.toDeliver']);
  });
});

describe('analysis', () => {
  it('compares today with yesterday from the orders paid and the members registered here', async () => {
    const before = await analysis();
    expect(before.today).toBe(dayIn(new Date(), ZONE));
    expect(before.cards.map((item) => item.key)).toEqual(['payPrice', 'visitor', 'payOrders', 'newMembers']);

    const buyer = await shopper(demo, `132${RUN.slice(-6)}02`);
    const sku = await stockedSku(demo, 1, '45.60', 100);
    const today = await placeOrder(demo, buyer, sku, true);
    await placeOrder(demo, buyer, sku, false); // placed, not paid: no sale
    const yesterdays = await placeOrder(demo, buyer, sku, true);
    // The second paid order was paid (and placed) yesterday at noon in the shop's zone.
    await sql`update sale_order set pay_time = pay_time - interval '1 day', create_time = create_time - interval '1 day' where id = ${yesterdays.id}`.execute(demo.app.db);

    const after = await analysis();
    const plus = (value: string, add: Decimal.Value) => new Decimal(value).plus(add).toFixed(2);
    expect(card(after, 'payPrice').today).toBe(plus(card(before, 'payPrice').today, today.payPrice));
    expect(card(after, 'payPrice').yesterday).toBe(plus(card(before, 'payPrice').yesterday, yesterdays.payPrice));
    expect(Number(card(after, 'payOrders').today)).toBe(Number(card(before, 'payOrders').today) + 1);
    expect(Number(card(after, 'payOrders').yesterday)).toBe(Number(card(before, 'payOrders').yesterday) + 1);
    expect(Number(card(after, 'newMembers').today)).toBe(Number(card(before, 'newMembers').today) + 1);
    // 环比 = (today − yesterday) ÷ yesterday.
    const sales = card(after, 'payPrice');
    expect(sales.ratio).toBe(new Decimal(sales.today).minus(sales.yesterday).div(sales.yesterday).times(100).toFixed(2));

    // The SQL sum of today's payments agrees with the card.
    const paidOn = async (day: string) =>
      (
        await sql<{ total: string }>`select coalesce(sum(pay_price), 0)::text as total from sale_order where tenant_id = 1 and pay_time is not null
          and to_char(pay_time at time zone ${ZONE}, 'YYYY-MM-DD') = ${day}`.execute(demo.app.db)
      ).rows[0]?.total ?? '0';
    expect(card(after, 'payPrice').today).toBe(new Decimal(await paidOn(after.today)).toFixed(2));

    // The trend's last day is today's figures; member statistics count the member registered today.
    const last = after.trend?.[after.trend.length - 1];
    expect(after.trend).toHaveLength(30);
    expect(last).toEqual({ day: after.today, payPrice: card(after, 'payPrice').today, payOrders: Number(card(after, 'payOrders').today) });
    const members = await sqlCount(demo, sql`select count(*)::int as n from cust_member where tenant_id = 1`);
    expect(after.members?.total).toBe(members);
    expect(after.members?.today).toBe(Number(card(after, 'newMembers').today));
    expect(after.members?.thisWeek).toBeGreaterThanOrEqual(after.members?.today ?? Infinity);
    expect(after.members?.thisMonth).toBeGreaterThanOrEqual(after.members?.today ?? Infinity);
  });
});

describe('member facts', () => {
  it('counts 充值 (balance ledger biz type 1) by its day, never the staff\'s 修改余额', async () => {
    const today = dayIn(new Date(), ZONE);
    const recharge = async () => {
      const response = await call<{ recharge: string }>(demo.app, 'GET', `/api/report/sales/summary?beginDate=${today}&endDate=${today}`, admin());
      expect(response.body.success, JSON.stringify(response.body)).toBe(true);
      return response.body.result.recharge;
    };
    const sqlRecharge = async () =>
      (
        await sql<{ total: string }>`select coalesce(sum(price), 0)::text as total from cust_balance_log where tenant_id = 1 and biz_type = '1'
          and to_char(create_time at time zone ${ZONE}, 'YYYY-MM-DD') = ${today}`.execute(demo.app.db)
      ).rows[0]?.total ?? '0';
    const before = await recharge();
    expect(before).toBe(new Decimal(await sqlRecharge()).toFixed(2));
    const buyer = await shopper(demo, `135${RUN.slice(-6)}05`);
    const adjusted = await call(demo.app, 'POST', '/api/cust/custMember/adjustBalance', { ...admin(), body: { memberId: buyer.memberId, price: '5.00', reason: '线下补偿' } });
    expect(adjusted.body.success, JSON.stringify(adjusted.body)).toBe(true);
    expect(await recharge()).toBe(before);
    // A recharge row as the ledger writes one (the shop has no member-side recharge flow yet).
    await sql`insert into cust_balance_log (id, member_id, biz_type, title, price, balance, create_by, create_time, tenant_id)
      values (${`rc${RUN}`}, ${buyer.memberId}, '1', '余额充值', 7.50, 12.50, 'test', now(), 1)`.execute(demo.app.db);
    expect(await recharge()).toBe(new Decimal(before).plus('7.50').toFixed(2));
  });
});

describe('chart', () => {
  it('counts the funnel\'s visitors, order users and buyers distinct over the range', async () => {
    const first = await shopper(demo, `133${RUN.slice(-6)}03`);
    const sku = await stockedSku(demo, 2, '9.90', 100);
    await placeOrder(demo, first, sku, true);
    await placeOrder(demo, first, sku, true); // the same buyer twice counts once
    const second = await shopper(demo, `134${RUN.slice(-6)}04`);
    await placeOrder(demo, second, sku, false); // ordered, never paid

    const today = dayIn(new Date(), ZONE);
    const from = `${today.slice(0, 8)}01` < today ? `${today.slice(0, 8)}01` : today;
    const distinct = async (query: RawBuilder<{ n: number }>) => sqlCount(demo, query);
    const orderUsers = await distinct(sql`select count(distinct coalesce(member_id, 'c:' || customer_id))::int as n from sale_order where tenant_id = 1
      and to_char(create_time at time zone ${ZONE}, 'YYYY-MM-DD') between ${from} and ${today}`);
    const buyers = await distinct(sql`select count(distinct coalesce(member_id, 'c:' || customer_id))::int as n from sale_order where tenant_id = 1 and pay_time is not null
      and to_char(pay_time at time zone ${ZONE}, 'YYYY-MM-DD') between ${from} and ${today}`);
    const visitorsSql = sql<{ n: number }>`select count(distinct ip)::int as n from app_visit where tenant_id = 1 and day between ${from}::date and ${today}::date`;

    await expect.poll(async () => (await chart(`?from=${from}&to=${today}`)).body.result.funnel?.visitor).toBe(await distinct(visitorsSql));
    const funnel = (await chart(`?from=${from}&to=${today}`)).body.result.funnel;
    expect(funnel).toMatchObject({ orderUser: orderUsers, buyer: buyers });
    expect(funnel?.payRate).toBe(new Decimal(buyers).div(orderUsers).times(100).toFixed(2));
    expect(funnel?.visitor).toBeGreaterThan(0);
    expect(funnel?.orderRate).toBe(new Decimal(orderUsers).div(funnel?.visitor ?? 1).times(100).toFixed(2));
  });

  it('splits the members by sex, terminal and province, each summing to the member count', async () => {
    const result = (await chart('')).body.result;
    const members = await sqlCount(demo, sql`select count(*)::int as n from cust_member where tenant_id = 1`);
    const sum = (shares: Array<{ count: number }>) => shares.reduce((total, share) => total + share.count, 0);
    expect(result.shares?.total).toBe(members);
    expect(sum(result.shares?.bySex ?? [])).toBe(members);
    expect(sum(result.shares?.byTerminal ?? [])).toBe(members);
    expect(sum(result.shares?.byProvince ?? [])).toBe(members);
    // The shoppers' default address lies in 110101 (北京 东城): their province is 110000.
    const beijing = await sqlCount(demo, sql`select count(*)::int as n from cust_address where tenant_id = 1 and default_status and area_id like '11%'`);
    expect(result.shares?.byProvince.find((share) => share.key === '110000')?.count).toBe(beijing);
    // The default range is the last 7 days.
    expect(result.to).toBe(dayIn(new Date(), ZONE));
  });

  it('refuses a reversed or too long range with a message', async () => {
    expect((await chart('?from=2026-03-10&to=2026-03-01')).body).toMatchObject({ success: false, message: '开始日期不能晚于结束日期' });
    expect((await chart('?from=2024-01-01&to=2026-03-01')).body).toMatchObject({ success: false, message: '统计区间不能超过 366 天' });
    expect((await chart('?from=2026-02-30')).status).toBe(400);
  });
});
