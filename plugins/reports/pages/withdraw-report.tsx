import { Card, Col, Empty, Row, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, moneyText } from '../../../src/toolkit/crud';
import { DateRangeBar, useDateRange } from '../components/date-range-bar';
import { MetricCard } from '../components/metric-card';
import { ReportExportButton } from '../components/report-export';
import { TrendChart } from '../components/trend-chart';
import { useReport } from '../components/use-report';

/** REPORT_PERMS.withdrawExport of plugins/reports/server/menus.ts (the client does not import server files). */
const EXPORT_PERMISSION = 'report:withdraw:exportXls';
const API = '/report/withdraw';

type CountFigure = 'appliedCount' | 'approvedCount' | 'paidCount' | 'rejectedCount';
type AmountFigure = 'appliedAmount' | 'approvedAmount' | 'paidAmount' | 'rejectedAmount' | 'fee';
type Figure = CountFigure | AmountFigure;
type Figures = Record<CountFigure, number> & Record<AmountFigure, string>;

interface WithdrawSummary {
  previous: { beginDate: string; endDate: string };
  current: Figures;
  before: Figures;
}

interface TopDistributor {
  rank: number;
  memberId: string;
  name: string;
  mobile: string | null;
  amount: string;
}

const AMOUNT_CARDS: readonly AmountFigure[] = ['appliedAmount', 'approvedAmount', 'paidAmount', 'rejectedAmount', 'fee'];
const COUNT_CARDS: readonly CountFigure[] = ['appliedCount', 'approvedCount', 'paidCount', 'rejectedCount'];
const TOP_LIMIT = '10';

const isAmount = (figure: Figure): figure is AmountFigure => (AMOUNT_CARDS as readonly string[]).includes(figure);
const shown = (figure: Figure, value: string | number | undefined) => (value === undefined ? undefined : isAmount(figure) ? moneyText(value) : String(value));

/**
 * `report/WithdrawReport` (提现报表, docs/reference/business-domains.md §6): amounts and counts of withdrawals applied,
 * approved, paid and rejected and the fees, with 环比 against the previous equal period and each formula
 * in a tooltip; the daily trend (金额 or 笔数); the distributors paid most; 导出 with the same figures.
 */
export default function WithdrawReportPage() {
  const { t } = useTranslation(['reportsWithdraw', 'reports']);
  const [range, setRange] = useDateRange('last30');
  const query = { beginDate: range.from, endDate: range.to };
  const [chart, setChart] = useState<'amount' | 'count'>('amount');

  const summary = useReport<WithdrawSummary>(`${API}/summary`, query);
  const trend = useReport<{ daily: Array<Figures & { date: string }> }>(`${API}/trend`, query);
  const top = useReport<TopDistributor[]>(`${API}/top`, { ...query, limit: TOP_LIMIT });

  const previousLabel = summary.value === undefined ? undefined : t('previous', { from: summary.value.previous.beginDate, to: summary.value.previous.endDate });
  const seriesKeys: readonly Figure[] = chart === 'amount' ? AMOUNT_CARDS : COUNT_CARDS;
  const series = seriesKeys.map((key) => ({ key, name: t(`figures.${key}`) }));
  const daily = trend.value?.daily ?? [];
  const hasTrend = daily.some((day) => COUNT_CARDS.some((key) => day[key] !== 0));

  const card = (key: Figure) => (
    <Col key={key} {...(isAmount(key) ? { flex: '1 1 220px' } : { xs: 24, sm: 12, lg: 6 })}>
      <MetricCard
        data-testid={`withdraw-card-${key}`}
        title={t(`figures.${key}`)}
        formula={t(`formulas.${key}`)}
        loading={summary.loading}
        value={shown(key, summary.value?.current[key])}
        previous={shown(key, summary.value?.before[key])}
        previousLabel={previousLabel}
      />
    </Col>
  );

  const columns: TableColumnsType<TopDistributor> = [
    { title: t('top.rank'), dataIndex: 'rank', key: 'rank', width: 80 },
    { title: t('top.name'), dataIndex: 'name', key: 'name', render: (name: string) => (name === '' ? '—' : name) },
    { title: t('top.mobile'), dataIndex: 'mobile', key: 'mobile', render: (mobile: string | null) => mobile ?? '—' },
    { title: t('top.amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: (amount: string) => <span data-testid="top-amount">{moneyText(amount)}</span> },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="withdraw-report">
      <Card size="small">
        <DateRangeBar
          value={range}
          onChange={setRange}
          extra={<ReportExportButton url={`${API}/exportXls`} query={query} fileName={`${t('fileName')}_${range.from}_${range.to}.xlsx`} permission={EXPORT_PERMISSION} />}
        />
      </Card>

      <Card title={t('overview')} size="small">
        <LoadErrorAlert error={summary.error} onRetry={summary.retry} style={{ marginBottom: 16 }} />
        <Row gutter={[16, 16]}>{AMOUNT_CARDS.map(card)}</Row>
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {COUNT_CARDS.map(card)}
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={t('trend')}
            size="small"
            style={{ height: '100%' }}
            extra={
              <Segmented
                value={chart}
                onChange={(value) => setChart(value === 'count' ? 'count' : 'amount')}
                options={[
                  { value: 'amount', label: t('chart.amount') },
                  { value: 'count', label: t('chart.count') },
                ]}
              />
            }
          >
            <LoadErrorAlert error={trend.error} onRetry={trend.retry} />
            {trend.error === null ? (
              trend.loading || trend.value === undefined ? (
                <div style={{ height: 300 }} />
              ) : hasTrend ? (
                <TrendChart key={chart} data-testid="withdraw-trend" data={daily} series={series} money={chart === 'amount'} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:empty')} data-testid="withdraw-trend-empty" />
              )
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('top.title')} size="small" style={{ height: '100%' }}>
            <LoadErrorAlert error={top.error} onRetry={top.retry} style={{ marginBottom: 16 }} />
            <Table<TopDistributor>
              data-testid="withdraw-top"
              rowKey="memberId"
              size="small"
              loading={top.loading}
              dataSource={top.value ?? []}
              columns={columns}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:empty')} /> }}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
