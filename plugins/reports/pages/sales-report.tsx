import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Popconfirm, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatedButton, LoadErrorAlert, moneyText, useEntityAction } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { DateRangeBar, useDateRange } from '../components/date-range-bar';
import { MetricCard } from '../components/metric-card';
import { ReportExportButton } from '../components/report-export';
import { TrendChart, type TrendSeries } from '../components/trend-chart';
import { useReport } from '../components/use-report';

/** The permission codes of 销售报表's buttons (plugins/reports/server/menus.ts REPORT_PERMS). */
const PERMS = { export: 'report:sales:exportXls', rebuild: 'report:rollup:rebuild' } as const;

/** `GET /report/sales/summary` (money as exact decimal text). */
interface SalesDay {
  date: string;
  gmv: string;
  paidOrderCount: number;
  refundAmount: string;
  turnover: string;
  goodsPay: string;
  recharge: string;
  expense: string;
  balancePay: string;
  brokerage: string;
}

interface SalesSummary {
  gmv: string;
  paidOrderCount: number;
  buyerCount: number;
  avgPerBuyer: string;
  refundAmount: string;
  turnover: string;
  recharge: string;
  expense: string;
  balancePay: string;
  brokerage: string;
  daily: SalesDay[];
}

interface PaidFigures {
  payPrice: string;
  payOrders: number;
}

/** `GET /report/sales/cards`. */
interface SalesCards {
  yesterday: PaidFigures;
  dayBefore: PaidFigures;
  month: PaidFigures;
  lastMonthSameDays: PaidFigures;
}

/** 昨日 and 本月 支付金额 and 订单数 with 环比 against 前日 and 上月同期. */
function SalesCardsRow() {
  const { t } = useTranslation('reports');
  const cards = useReport<SalesCards>('/report/sales/cards', {});
  const value = cards.value;
  const loading = cards.loading;
  return (
    <>
      <LoadErrorAlert error={cards.error} onRetry={cards.retry} />
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <MetricCard
            data-testid="sales-card-yesterdayPay"
            title={t('sales.cards.yesterdayPay')}
            value={value === undefined ? undefined : moneyText(value.yesterday.payPrice)}
            previous={value === undefined ? undefined : moneyText(value.dayBefore.payPrice)}
            previousLabel={t('sales.cards.dayBefore')}
            formula={t('sales.formulaPair', { first: t('sales.formulas.payPrice'), second: t('sales.formulas.ratioDay') })}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <MetricCard
            data-testid="sales-card-yesterdayOrders"
            title={t('sales.cards.yesterdayOrders')}
            value={value === undefined ? undefined : String(value.yesterday.payOrders)}
            previous={value === undefined ? undefined : String(value.dayBefore.payOrders)}
            previousLabel={t('sales.cards.dayBefore')}
            formula={t('sales.formulaPair', { first: t('sales.formulas.payOrders'), second: t('sales.formulas.ratioDay') })}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <MetricCard
            data-testid="sales-card-monthPay"
            title={t('sales.cards.monthPay')}
            value={value === undefined ? undefined : moneyText(value.month.payPrice)}
            previous={value === undefined ? undefined : moneyText(value.lastMonthSameDays.payPrice)}
            previousLabel={t('sales.cards.lastMonthSame')}
            formula={t('sales.formulaPair', { first: t('sales.formulas.payPrice'), second: t('sales.formulas.ratioMonth') })}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <MetricCard
            data-testid="sales-card-monthOrders"
            title={t('sales.cards.monthOrders')}
            value={value === undefined ? undefined : String(value.month.payOrders)}
            previous={value === undefined ? undefined : String(value.lastMonthSameDays.payOrders)}
            previousLabel={t('sales.cards.lastMonthSame')}
            formula={t('sales.formulaPair', { first: t('sales.formulas.payOrders'), second: t('sales.formulas.ratioMonth') })}
            loading={loading}
          />
        </Col>
      </Row>
    </>
  );
}

/** The range's figures, each with its formula. */
const FIGURES = [
  { key: 'turnover', money: true },
  { key: 'goodsPay', money: true, field: 'gmv' },
  { key: 'recharge', money: true },
  { key: 'expense', money: true },
  { key: 'balancePay', money: true },
  { key: 'brokerage', money: true },
  { key: 'refund', money: true, field: 'refundAmount' },
  { key: 'paidOrders', money: false, field: 'paidOrderCount' },
  { key: 'buyers', money: false, field: 'buyerCount' },
  { key: 'avgPerBuyer', money: true },
] as const;

/** The 交易状况 series (docs/reference/business-domains.md §6), all money. */
const SERIES_KEYS = ['turnover', 'goodsPay', 'recharge', 'expense', 'balancePay', 'brokerage', 'refundAmount'] as const;

/** 销售报表 (docs/reference/business-domains.md §6): cards with 环比, the range's figures, the daily 交易状况 chart, presets, 导出 and 重算. */
export default function SalesReportPage() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useDateRange('last7');
  const query = { beginDate: range.from, endDate: range.to };
  const summary = useReport<SalesSummary>('/report/sales/summary', query);
  const rebuildAccess = useAccess(PERMS.rebuild);
  const { run, running } = useEntityAction({ invalidates: [] });
  const series: TrendSeries[] = SERIES_KEYS.map((key) => ({
    key,
    name: t(`sales.figures.${key === 'refundAmount' ? 'refund' : key}`),
    // 营业额 and 支出 first; the parts hidden until chosen keep the chart readable.
    hidden: !['turnover', 'goodsPay', 'expense'].includes(key),
  }));
  const data = summary.value;

  const rebuild = async () => {
    const done = await run({ url: '/report/rollup/rebuild', method: 'post', values: query });
    if (done !== undefined) summary.retry();
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="sales-report">
      <SalesCardsRow />
      <Card>
        <DateRangeBar
          value={range}
          onChange={setRange}
          extra={
            <Space wrap>
              <ReportExportButton url="/report/sales/exportXls" query={query} fileName={`${t('sales.exportName')}_${range.from}_${range.to}.xlsx`} permission={PERMS.export} />
              <GatedButton access={rebuildAccess}>
                {(disabled) => (
                  <Popconfirm title={t('sales.rebuildConfirm', { from: range.from, to: range.to })} onConfirm={() => void rebuild()} disabled={disabled}>
                    <Button icon={<ReloadOutlined />} disabled={disabled} loading={running}>
                      {t('sales.rebuild')}
                    </Button>
                  </Popconfirm>
                )}
              </GatedButton>
            </Space>
          }
        />
      </Card>
      <LoadErrorAlert error={summary.error} onRetry={summary.retry} />
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => {
          const field = 'field' in figure ? figure.field : figure.key;
          const raw = data?.[field];
          return (
            <Col xs={12} md={8} xl={figure.key === 'paidOrders' || figure.key === 'buyers' || figure.key === 'avgPerBuyer' ? 8 : 6} key={figure.key}>
              <MetricCard
                data-testid={`sales-${figure.key}`}
                title={t(`sales.figures.${figure.key}`)}
                value={raw === undefined ? undefined : figure.money ? moneyText(raw) : String(raw)}
                formula={t(`sales.formulas.${figure.key}`)}
                loading={summary.loading}
              />
            </Col>
          );
        })}
      </Row>
      <Card
        title={t('sales.chart')}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('sales.chartHint')}
          </Typography.Text>
        }
      >
        {data === undefined ? summary.loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null : <TrendChart data-testid="sales-chart" data={data.paidOrderCount === 0 && data.turnover === '0.00' && data.expense === '0.00' ? [] : data.daily} series={series} money />}
      </Card>
    </Space>
  );
}
