import { Card, Col, Empty, Row, Segmented, Space, Table, Tooltip, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, moneyText } from '../../../src/toolkit/crud';
import { RefValue } from '../../../src/toolkit/refs';
import { StoredImage } from '../../../src/toolkit/upload';
import { DateRangeBar, useDateRange } from '../components/date-range-bar';
import { MetricCard } from '../components/metric-card';
import { ReportExportButton } from '../components/report-export';
import { TrendChart } from '../components/trend-chart';
import { useReport } from '../components/use-report';

/** The permissions of plugins/reports/server/menus.ts (REPORT_PERMS; the client does not import server files). */
const EXPORT_PERMISSION = 'report:goods:exportXls';
const API = '/report/goods';

type Figure = 'views' | 'visitors' | 'orderCount' | 'payCount' | 'payPrice' | 'payBuyers' | 'refundCount' | 'refundPrice' | 'conversion';

type GoodsFigures = {
  views: number;
  visitors: number;
  orderCount: number;
  payCount: number;
  payPrice: string;
  payBuyers: number;
  refundCount: number;
  refundPrice: string;
  conversion: string | null;
};

interface GoodsSummary {
  previous: { beginDate: string; endDate: string };
  current: GoodsFigures;
  before: GoodsFigures;
}

type RankRow = GoodsFigures & { spuId: string; no: number | null; name: string; picUrl: string | null };

interface RankPage {
  records: RankRow[];
  total: number;
}

/** The overview's cards, in order (money among them shows as money, see MONEY). */
const CARDS: ReadonlyArray<{ key: Figure }> = [{ key: 'views' }, { key: 'visitors' }, { key: 'orderCount' }, { key: 'payCount' }, { key: 'payPrice' }, { key: 'refundCount' }, { key: 'refundPrice' }, { key: 'conversion' }];

const COUNT_SERIES: readonly Figure[] = ['views', 'visitors', 'orderCount', 'payCount', 'refundCount'];
const MONEY_SERIES: readonly Figure[] = ['payPrice', 'refundPrice'];
const RANK_FIGURES: readonly Figure[] = ['views', 'visitors', 'orderCount', 'payCount', 'payPrice', 'payBuyers', 'refundCount', 'refundPrice', 'conversion'];
const MONEY: ReadonlySet<Figure> = new Set(['payPrice', 'refundPrice']);

/** A figure as text: money with two decimals, 转化率 as a percentage ('—' without visitors). */
function shown(figure: Figure, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (MONEY.has(figure)) return moneyText(value);
  return String(value);
}

/**
 * `report/GoodsReport` (商品报表, docs/reference/business-domains.md §6): 商品概况 cards for the chosen days with 环比 against the
 * previous equal period and each formula in a tooltip, the daily trend (件数 or 金额), and 商品排行 sorted
 * and paged by the server, with the SPUs' pictures and names; 导出 writes the same figures to Excel.
 */
export default function GoodsReportPage() {
  const { t } = useTranslation(['reportsGoods', 'reports']);
  const [range, setRange] = useDateRange('last7');
  const query = { beginDate: range.from, endDate: range.to };
  const [chart, setChart] = useState<'count' | 'money'>('count');
  const [sort, setSort] = useState<{ column: Figure; order: 'asc' | 'desc' }>({ column: 'payPrice', order: 'desc' });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const changeRange = (next: typeof range) => {
    setPage((current) => ({ ...current, pageNo: 1 }));
    setRange(next);
  };

  const summary = useReport<GoodsSummary>(`${API}/summary`, query);
  const trend = useReport<{ daily: Array<GoodsFigures & { date: string }> }>(`${API}/trend`, query);
  const rank = useReport<RankPage>(`${API}/rank`, { ...query, column: sort.column, order: sort.order, pageNo: String(page.pageNo), pageSize: String(page.pageSize) });

  const previousLabel = summary.value === undefined ? undefined : t('previous', { from: summary.value.previous.beginDate, to: summary.value.previous.endDate });
  const series = (chart === 'count' ? COUNT_SERIES : MONEY_SERIES).map((key) => ({ key, name: t(`figures.${key}`) }));
  const hasTrend = (trend.value?.daily ?? []).some((day) => COUNT_SERIES.some((key) => day[key] !== 0) || MONEY_SERIES.some((key) => Number(day[key]) !== 0));

  const sorted = (key: Figure) => (sort.column === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  const columns: TableColumnsType<RankRow> = [
    { title: t('columns.no'), dataIndex: 'no', key: 'no', width: 100, render: (no: number | null) => (no === null ? '—' : String(no)) },
    {
      title: t('columns.pic'),
      key: 'pic',
      width: 72,
      render: (_, row) => <StoredImage value={row.picUrl} alt={row.name || row.spuId} size={40} fallback={<span>—</span>} />,
    },
    {
      title: t('columns.name'),
      key: 'name',
      width: 200,
      // The goods' name links to its detail (the goods plugin's screen, when the user may open it).
      render: (_, row) => <span data-testid="rank-name">{row.name === '' ? t('nameUnknown') : <RefValue kind="spu" value={row.spuId} text={row.name} />}</span>,
    },
    ...RANK_FIGURES.map((key) => ({
      title: key === 'conversion' ? <Tooltip title={t('formulas.conversion')}>{t('figures.conversion')}</Tooltip> : t(`figures.${key}`),
      dataIndex: key,
      key,
      align: 'right' as const,
      sorter: true,
      sortOrder: sorted(key),
      sortDirections: ['descend' as const, 'ascend' as const],
      render: (value: string | number | null) => shown(key, value),
    })),
  ];

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<RankRow> | Array<SorterResult<RankRow>>) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = typeof one?.columnKey === 'string' && (RANK_FIGURES as readonly string[]).includes(one.columnKey) ? (one.columnKey as Figure) : sort.column;
    const order = one?.order === 'ascend' ? 'asc' : 'desc';
    const changedSort = column !== sort.column || order !== sort.order;
    setSort({ column, order });
    setPage({ pageNo: changedSort ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? page.pageSize });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="goods-report">
      <Card size="small">
        <DateRangeBar
          value={range}
          onChange={changeRange}
          extra={<ReportExportButton url={`${API}/exportXls`} query={{ ...query, column: sort.column, order: sort.order }} fileName={`${t('fileName')}_${range.from}_${range.to}.xlsx`} permission={EXPORT_PERMISSION} />}
        />
      </Card>

      <Card title={t('overview')} size="small">
        <LoadErrorAlert error={summary.error} onRetry={summary.retry} style={{ marginBottom: 16 }} />
        <Row gutter={[16, 16]}>
          {CARDS.map(({ key }) => (
            <Col key={key} xs={24} sm={12} lg={6}>
              <MetricCard
                data-testid={`goods-card-${key}`}
                title={t(`figures.${key}`)}
                formula={t(`formulas.${key}`)}
                loading={summary.loading}
                value={summary.value === undefined ? undefined : shown(key, summary.value.current[key])}
                previous={summary.value === undefined ? undefined : shown(key, summary.value.before[key])}
                previousLabel={previousLabel}
              />
            </Col>
          ))}
        </Row>
      </Card>

      <Card
        title={t('trend')}
        size="small"
        extra={
          <Segmented
            value={chart}
            onChange={(value) => setChart(value === 'money' ? 'money' : 'count')}
            options={[
              { value: 'count', label: t('chart.count') },
              { value: 'money', label: t('chart.money') },
            ]}
          />
        }
      >
        <LoadErrorAlert error={trend.error} onRetry={trend.retry} />
        {trend.error === null ? (
          trend.loading || trend.value === undefined ? (
            <div style={{ height: 300 }} />
          ) : hasTrend ? (
            <TrendChart key={chart} data-testid="goods-trend" data={trend.value.daily} series={series} money={chart === 'money'} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:empty')} data-testid="goods-trend-empty" />
          )
        ) : null}
      </Card>

      <Card title={t('rank')} size="small">
        <LoadErrorAlert error={rank.error} onRetry={rank.retry} style={{ marginBottom: 16 }} />
        <Table<RankRow>
          data-testid="goods-rank"
          rowKey="spuId"
          size="small"
          loading={rank.loading}
          dataSource={rank.value?.records ?? []}
          columns={columns}
          onChange={onTableChange}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:empty')} /> }}
          pagination={{ current: page.pageNo, pageSize: page.pageSize, total: rank.value?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (total) => t('total', { total }) }}
          scroll={{ x: 1300 }}
        />
      </Card>
    </Space>
  );
}
