import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { addDays, businessError, DateString, daysBetween, hasPermission, NO_INPUT, ok, query, tenantOf, type AppContext } from '../../../server/kit';
import { METRICS } from '../../../server/contracts/report-facts';
import {
  DASHBOARD_API,
  MAX_RANGE_DAYS,
  MEMBER_LIST_PERMISSION,
  ORDER_LIST_PERMISSION,
  type AnalysisResult,
  type ChartResult,
  type ComparisonCard,
  type CounterView,
  type FunnelView,
  type MemberStats,
  type TrendDay,
} from '../model';

/** Task counters list at most this many waiting things, oldest first. */
const TASK_ITEMS = 10;
const TREND_DAYS = 30;
const DEFAULT_CHART_DAYS = 7;

export const MSG_RANGE_ORDER = '开始日期不能晚于结束日期';
export const MSG_RANGE_TOO_LONG = `统计区间不能超过 ${MAX_RANGE_DAYS} 天`;

/** Whether the request's user holds the code (the same check as the access control's). */
function may(ctx: AppContext, request: FastifyRequest, code: string): Promise<boolean> {
  const userId = request.auth?.userId;
  return userId === undefined ? Promise.resolve(false) : hasPermission(ctx.db, userId, code);
}

/** (value − reference) ÷ reference × 100, two decimals; null when the reference is zero. */
export function ratioOf(value: Decimal.Value, reference: Decimal.Value): string | null {
  const base = new Decimal(reference);
  if (base.isZero()) return null;
  return new Decimal(value).minus(base).div(base).times(100).toFixed(2);
}

/** part ÷ whole × 100, two decimals; null when the whole is zero. */
export function rateOf(part: number, whole: number): string | null {
  return whole === 0 ? null : new Decimal(part).div(whole).times(100).toFixed(2);
}

/** The Monday of the week `day` lies in (weeks start on Monday). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * 首页, 工作台, 统计图表 and 待办任务 (docs/reference/business-domains.md §6 "Dashboards"): every figure read from the daily
 * facts (`ctx.facts`), the plugins' counters (`ctx.counters`) and the members contract, and shown only
 * to users holding the permission of the list it derives from.
 */
export function registerDashboardRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get<{ Querystring: { group?: 'operation' | 'task' } }>(
    DASHBOARD_API.counters,
    { config: { access: 'authenticated' }, schema: { querystring: query({ group: Type.Optional(Type.Union([Type.Literal('operation'), Type.Literal('task')])) }) } },
    async (request) => {
      const tenantId = tenantOf(request);
      const group = request.query.group;
      const views: CounterView[] = [];
      for (const counter of ctx.counters) {
        if (group !== undefined && counter.group !== group) continue;
        if (!(await may(ctx, request, counter.permission))) continue;
        const view: CounterView = { key: counter.key, title: counter.title, group: counter.group, count: await counter.count(ctx.db, tenantId), link: counter.link };
        if (counter.items !== undefined) view.items = await counter.items(ctx.db, tenantId, TASK_ITEMS);
        views.push(view);
      }
      return ok(views);
    },
  );

  api.get(DASHBOARD_API.analysis, { config: { access: 'authenticated' }, schema: NO_INPUT }, async (request) => {
    const tenantId = tenantOf(request);
    const [orders, members] = await Promise.all([may(ctx, request, ORDER_LIST_PERMISSION), may(ctx, request, MEMBER_LIST_PERMISSION)]);
    const today = ctx.facts.today();
    const yesterday = addDays(today, -1);
    const day = (on: string) => ({ tenantId, from: on, to: on });
    const sumOn = async (metric: string, on: string): Promise<string> => (await ctx.facts.sum(day(on), [metric], 'total'))[0]?.value ?? '0';
    const distinctOn = async (metric: string, on: string): Promise<string> => String((await ctx.facts.distinct(day(on), metric, 'total'))[0]?.count ?? 0);
    const card = async (key: ComparisonCard['key'], read: (on: string) => Promise<string>, money: boolean): Promise<ComparisonCard> => {
      const [now, before] = [await read(today), await read(yesterday)];
      const shown = (value: string) => (money ? new Decimal(value).toFixed(2) : value);
      return { key, money, today: shown(now), yesterday: shown(before), ratio: ratioOf(now, before) };
    };

    const cards: ComparisonCard[] = [];
    if (orders) cards.push(await card('payPrice', (on) => sumOn(METRICS.payPrice, on), true));
    if (members) cards.push(await card('visitor', (on) => distinctOn(METRICS.visitor, on), false));
    if (orders) cards.push(await card('payOrders', (on) => sumOn(METRICS.payOrders, on), false));
    if (members) cards.push(await card('newMembers', (on) => sumOn(METRICS.newMembers, on), false));

    let trend: TrendDay[] | null = null;
    if (orders) {
      const from = addDays(today, 1 - TREND_DAYS);
      const values = await ctx.facts.sum({ tenantId, from, to: today }, [METRICS.payPrice, METRICS.payOrders], 'day');
      const of = (metric: string, on: string) => values.find((value) => value.metric === metric && value.day === on)?.value;
      trend = [];
      for (let on = from; on <= today; on = addDays(on, 1)) trend.push({ day: on, payPrice: new Decimal(of(METRICS.payPrice, on) ?? '0').toFixed(2), payOrders: Number(of(METRICS.payOrders, on) ?? 0) });
    }

    let memberStats: MemberStats | null = null;
    if (members) {
      const since = async (from: string) => Number((await ctx.facts.sum({ tenantId, from, to: today }, [METRICS.newMembers], 'total'))[0]?.value ?? 0);
      const shares = await ctx.services.get('members').shares(ctx.db, tenantId);
      memberStats = { total: shares.total, today: await since(today), thisWeek: await since(weekStart(today)), thisMonth: await since(`${today.slice(0, 8)}01`) };
    }
    return ok<AnalysisResult>({ today, cards, trend, members: memberStats });
  });

  api.get<{ Querystring: { from?: string; to?: string } }>(
    DASHBOARD_API.chart,
    { config: { access: 'authenticated' }, schema: { querystring: query({ from: Type.Optional(DateString), to: Type.Optional(DateString) }) } },
    async (request) => {
      const tenantId = tenantOf(request);
      const today = ctx.facts.today();
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, 1 - DEFAULT_CHART_DAYS);
      if (from > to) throw businessError(MSG_RANGE_ORDER);
      if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw businessError(MSG_RANGE_TOO_LONG);
      const [orders, members] = await Promise.all([may(ctx, request, ORDER_LIST_PERMISSION), may(ctx, request, MEMBER_LIST_PERMISSION)]);

      let funnel: FunnelView | null = null;
      if (orders) {
        const range = { tenantId, from, to };
        const distinct = async (metric: string) => (await ctx.facts.distinct(range, metric, 'total'))[0]?.count ?? 0;
        const visitor = await distinct(METRICS.visitor);
        const orderUser = await distinct(METRICS.orderUser);
        const buyer = await distinct(METRICS.buyer);
        funnel = { visitor, orderUser, buyer, orderRate: rateOf(orderUser, visitor), payRate: rateOf(buyer, orderUser), overallRate: rateOf(buyer, visitor) };
      }
      const shares = members ? await ctx.services.get('members').shares(ctx.db, tenantId) : null;
      return ok<ChartResult>({ from, to, shares, funnel });
    },
  );
}
