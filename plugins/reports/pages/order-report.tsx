import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Col, Radio, Row, Skeleton, Space, Table, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, moneyText, useUrlParam } from '../../../src/toolkit/crud';
import { DateRangeBar, useDateRange } from '../components/date-range-bar';
import { MetricCard } from '../components/metric-card';
import { ReportExportButton } from '../components/report-export';
import { SharePie, type ShareRow } from '../components/share-pie';
import { TrendChart } from '../components/trend-chart';
import { useReport } from '../components/use-report';

/** The permission code of 订单报表's export (plugins/reports/server/menus.ts REPORT_PERMS.orderExport). */
const EXPORT_PERMISSION = 'report:order:exportXls';

/** `GET /report/order/summary` (money as exact decimal text, percentages with two decimals). */
interface OrderSummary {
  createdOrderCount: number;
  paidOrderCount: number;
  payAmount: string;
  refundOrderCount: number;
  refundAmount: string;
  refundRate: string;
  /** 下单, 支付, 发货, 完成, 关闭: orders with that event in the range (not a backlog). */
  events: Array<{ event: string; count: number }>;
  byTerminal: ShareRow[];
  byChannel: ShareRow[];
  byType: ShareRow[];
}

const PERIODS = ['week', 'month', 'year'] as const;
type Period = (typeof PERIODS)[number];

/** `GET /report/order/trend?period=`. */
interface OrderTrend {
  period: Period;
  currentAmount: string;
  currentCount: number;
  previousAmount: string;
  previousCount: number;
  points: Array<{ index: number; currentAmount: string; currentCount: number; previousAmount: string; previousCount: number }>;
}

function Formula({ text }: { text: string }) {
  const { t } = useTranslation('reports');
  return (
    <Tooltip title={text}>
      <InfoCircleOutlined aria-label={t('formula')} style={{ marginInlineStart: 6 }} />
    </Tooltip>
  );
}

/** 本周/上周, 本月/上月, 今年/去年: totals with 环比 and both periods' amount and count per point. */
function TrendCard({ period, onPeriod }: { period: Period; onPeriod: (period: Period) => void }) {
  const { t } = useTranslation('reports');
  const trend = useReport<OrderTrend>('/report/order/trend', { period });
  const names = { current: t(`order.period.${period}.current`), previous: t(`order.period.${period}.previous`) };
  const data = (trend.value?.points ?? []).map((point) => ({ ...point, label: t(`order.period.${period}.unit`, { index: point.index }) }));
  const empty = trend.value !== undefined && trend.value.points.every((point) => point.currentCount === 0 && point.previousCount === 0);
  return (
    <Card
      title={
        <span>
          {t('order.trend')}
          <Formula text={t('order.formulas.trend')} />
        </span>
      }
      extra={<Radio.Group optionType="button" value={period} onChange={(event) => onPeriod(event.target.value as Period)} options={PERIODS.map((value) => ({ value, label: t(`order.periods.${value}`) }))} />}
      data-testid="order-trend"
    >
      <LoadErrorAlert error={trend.error} onRetry={trend.retry} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <MetricCard
            data-testid="order-trend-amount"
            title={t('order.amountOf', { name: names.current })}
            value={trend.value === undefined ? undefined : moneyText(trend.value.currentAmount)}
            previous={trend.value === undefined ? undefined : moneyText(trend.value.previousAmount)}
            previousLabel={names.previous}
            formula={t('order.formulas.trend')}
            loading={trend.loading}
          />
        </Col>
        <Col xs={24} md={12}>
          <MetricCard
            data-testid="order-trend-count"
            title={t('order.countOf', { name: names.current })}
            value={trend.value === undefined ? undefined : String(trend.value.currentCount)}
            previous={trend.value === undefined ? undefined : String(trend.value.previousCount)}
            previousLabel={names.previous}
            formula={t('order.formulas.trend')}
            loading={trend.loading}
          />
        </Col>
      </Row>
      {trend.value === undefined ? (
        trend.loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null
      ) : (
        <Tabs
          items={[
            {
              key: 'amount',
              label: t('order.amountTrend'),
              children: (
                <TrendChart
                  xKey="label"
                  money
                  data={empty ? [] : data}
                  series={[
                    { key: 'currentAmount', name: t('order.amountOf', { name: names.current }), type: 'bar' },
                    { key: 'previousAmount', name: t('order.amountOf', { name: names.previous }) },
                  ]}
                />
              ),
            },
            {
              key: 'count',
              label: t('order.countTrend'),
              children: (
                <TrendChart
                  xKey="label"
                  data={empty ? [] : data}
                  series={[
                    { key: 'currentCount', name: t('order.countOf', { name: names.current }), type: 'bar' },
                    { key: 'previousCount', name: t('order.countOf', { name: names.previous }) },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

const FIGURES = [
  { key: 'createdOrders', field: 'createdOrderCount' },
  { key: 'paidOrders', field: 'paidOrderCount' },
  { key: 'payAmount', field: 'payAmount', money: true },
  { key: 'refundOrders', field: 'refundOrderCount' },
  { key: 'refundAmount', field: 'refundAmount', money: true },
  { key: 'refundRate', field: 'refundRate', percent: true },
] as const;

const SHARES = [
  { key: 'terminal', field: 'byTerminal' },
  { key: 'channel', field: 'byChannel' },
  { key: 'type', field: 'byType' },
] as const;

/** 订单报表 (docs/reference/business-domains.md §6): counts, the order events (下单 … 关闭), shares by 来源/支付方式/类型, the refund rate, the period trend, 导出. */
export default function OrderReportPage() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useDateRange('last30');
  const [periodParam, setPeriodParam] = useUrlParam('period');
  const period: Period = PERIODS.find((value) => value === periodParam) ?? 'month';
  const query = { beginDate: range.from, endDate: range.to };
  const summary = useReport<OrderSummary>('/report/order/summary', query);
  const data = summary.value;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-report">
      <Card>
        <DateRangeBar
          value={range}
          onChange={setRange}
          extra={<ReportExportButton url="/report/order/exportXls" query={{ ...query, period }} fileName={`${t('order.exportName')}_${range.from}_${range.to}.xlsx`} permission={EXPORT_PERMISSION} />}
        />
      </Card>
      <LoadErrorAlert error={summary.error} onRetry={summary.retry} />
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => {
          const raw = data?.[figure.field];
          const text = raw === undefined ? undefined : 'money' in figure ? moneyText(raw) : 'percent' in figure ? `${raw}%` : String(raw);
          return (
            <Col xs={12} md={8} xl={4} key={figure.key}>
              <MetricCard data-testid={`order-${figure.key}`} title={t(`order.figures.${figure.key}`)} value={text} formula={t(`order.formulas.${figure.key}`)} loading={summary.loading} />
            </Col>
          );
        })}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card
            style={{ height: '100%' }}
            title={
              <span>
                {t('order.eventsTitle')}
                <Formula text={t('order.formulas.events')} />
              </span>
            }
          >
            {data === undefined ? (
              summary.loading ? <Skeleton active /> : null
            ) : (
              <Table
                size="small"
                rowKey="event"
                pagination={false}
                data-testid="order-events"
                dataSource={data.events}
                columns={[
                  { key: 'event', dataIndex: 'event', title: t('order.event'), render: (event: string) => t(`order.events.${event}`) },
                  { key: 'count', dataIndex: 'count', title: t('order.eventCount'), align: 'right' },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card
            title={
              <span>
                {t('order.shares.terminal')} / {t('order.shares.channel')} / {t('order.shares.type')}
                <Formula text={t('order.formulas.shares')} />
              </span>
            }
          >
            {data === undefined ? (
              summary.loading ? <Skeleton active /> : null
            ) : (
              <Tabs
                items={SHARES.map((share) => ({
                  key: share.key,
                  label: t(`order.shares.${share.key}`),
                  children: (
                    <SharePie
                      data-testid={`order-share-${share.key}`}
                      rows={data[share.field]}
                      labelTitle={t(`order.shares.${share.key}`)}
                      countTitle={t('order.shareCount')}
                      amountTitle={t('order.shareAmount')}
                    />
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>
      <TrendCard period={period} onPeriod={(value) => setPeriodParam(value)} />
    </Space>
  );
}
