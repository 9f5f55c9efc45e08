/**
 * The dashboard's API answers (plugins/dashboard/server/routes.ts), shared by the server and the pages.
 * Money is an exact decimal as text; counts are numbers; a ratio is a percent with two decimals as text,
 * or null when the reference is zero.
 */

export const DASHBOARD_API = {
  counters: '/dashboard/counters',
  analysis: '/dashboard/analysis',
  chart: '/dashboard/chart',
} as const;

/** The permissions the figures derive from: the order list (销售额, 订单量, trend, funnel) and the member list (新增用户, 访问量, shares). */
export const ORDER_LIST_PERMISSION = 'saleorder:order:list';
export const MEMBER_LIST_PERMISSION = 'cust:member:list';

export type CounterGroup = 'operation' | 'task';

export interface CounterItemView {
  id: string;
  title: string;
  /** The title's words in every language: `dashboard:counters.items.<key>` with these values. */
  text?: { key: string; values: Record<string, string> };
  /** When it started waiting: `YYYY-MM-DD HH:mm:ss` on the shop's clock. */
  time: string | null;
  link: string;
}

export interface CounterView {
  key: string;
  title: string;
  group: CounterGroup;
  count: number;
  link: string;
  /** Task counters: the oldest waiting things, at most 10. */
  items?: CounterItemView[];
}

export type CardKey = 'payPrice' | 'visitor' | 'payOrders' | 'newMembers';

export interface ComparisonCard {
  key: CardKey;
  money: boolean;
  today: string;
  yesterday: string;
  /** 环比: (today − yesterday) ÷ yesterday × 100, two decimals; null when yesterday is zero. */
  ratio: string | null;
}

export interface TrendDay {
  day: string;
  payPrice: string;
  payOrders: number;
}

export interface MemberStats {
  total: number;
  today: number;
  thisWeek: number;
  thisMonth: number;
}

export interface AnalysisResult {
  /** Today in the shop's zone (YYYY-MM-DD). */
  today: string;
  /** Only the cards the user may see. */
  cards: ComparisonCard[];
  /** The last 30 days (oldest first), or null without the order list's permission. */
  trend: TrendDay[] | null;
  /** Null without the member list's permission. */
  members: MemberStats | null;
}

export interface ShareView {
  key: string;
  count: number;
}

export interface SharesView {
  total: number;
  bySex: ShareView[];
  byTerminal: ShareView[];
  byProvince: ShareView[];
}

export interface FunnelView {
  visitor: number;
  orderUser: number;
  buyer: number;
  /** 下单转化率 = 下单用户 ÷ 访客. */
  orderRate: string | null;
  /** 成交转化率 = 成交用户 ÷ 下单用户. */
  payRate: string | null;
  /** 访客-成交转化率 = 成交用户 ÷ 访客. */
  overallRate: string | null;
}

export interface ChartResult {
  from: string;
  to: string;
  shares: SharesView | null;
  funnel: FunnelView | null;
}

/** The longest range the funnel accepts, in days. */
export const MAX_RANGE_DAYS = 366;
