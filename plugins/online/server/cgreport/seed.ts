import type { Kysely } from 'kysely';
import type { Database } from '../../../../server/kit';
import { addReport, type CgreportTables, type ReportInput } from './service';

/**
 * Two reports over the shop's data, saved through the builder's service (the same guard and checks as
 * 报表配置) and reachable from 在线开发: members per level (pie chart) and the goods sales ranking over a
 * paid-date range (parameters with defaults; bar chart; sums).
 */
export const SEEDED_REPORTS: ReportInput[] = [
  {
    code: 'member_level_dist',
    name: '会员等级分布',
    cgrSql: `select l.name as level_name, count(m.id) as member_count
from cust_member m join cust_level l on l.id = m.level_id
group by l.name, l.level
order by l.level`,
    items: [
      { fieldName: 'level_name', fieldTxt: '会员等级', fieldType: 'String', fieldWidth: 160, isShow: 1, isOrder: 0, isSearch: 1, isTotal: 0 },
      { fieldName: 'member_count', fieldTxt: '会员数', fieldType: 'Integer', fieldWidth: 120, isShow: 1, isOrder: 1, isSearch: 0, isTotal: 1 },
    ],
    params: [],
    chart: { type: 'pie', x: 'level_name', y: 'member_count' },
  },
  {
    code: 'goods_sales_rank',
    name: '商品销售排行',
    cgrSql: `select i.spu_name, sum(i.count) as sale_count, sum(i.pay_price) as sale_amount
from sale_order_item i join sale_order o on o.id = i.order_id
where o.pay_time is not null
  and o.pay_time >= cast('\${beginDate}' as date)
  and o.pay_time < cast('\${endDate}' as date) + 1
group by i.spu_name
order by sale_amount desc, i.spu_name`,
    items: [
      { fieldName: 'spu_name', fieldTxt: '商品名称', fieldType: 'String', fieldWidth: 240, isShow: 1, isOrder: 0, isSearch: 1, isTotal: 0 },
      { fieldName: 'sale_count', fieldTxt: '销量', fieldType: 'Integer', fieldWidth: 100, isShow: 1, isOrder: 1, isSearch: 0, isTotal: 1 },
      { fieldName: 'sale_amount', fieldTxt: '销售额', fieldType: 'Decimal', fieldWidth: 140, isShow: 1, isOrder: 1, isSearch: 0, isTotal: 1 },
    ],
    params: [
      { paramName: 'beginDate', paramTxt: '开始日期', paramValue: '2020-01-01' },
      { paramName: 'endDate', paramTxt: '结束日期', paramValue: '2099-12-31' },
    ],
    chart: { type: 'bar', x: 'spu_name', y: 'sale_amount' },
  },
];

const quiet = { warn: () => undefined };

export async function seedCgreports(db: Kysely<Database>): Promise<void> {
  const reports = db.withTables<CgreportTables>();
  for (const report of SEEDED_REPORTS) await addReport(reports, report, 0, quiet);
}
