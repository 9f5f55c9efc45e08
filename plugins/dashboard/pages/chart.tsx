import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Row, Segmented, Skeleton, Space, Statistic, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '../../../src/contracts/session';
import { LoadErrorAlert } from '../../../src/toolkit/crud/load-error-alert';
import { useLocalizedDictItems } from '../../../src/toolkit/dict/dict-select';
import { percentText, useChart } from '../components/dashboard-data';
import { RankBars, SharePie, ShareTable, type LabelledShare } from '../components/share-charts';
import type { ShareView } from '../model';
import type { Dayjs } from 'dayjs';
import { SHOP_DAY_FORMAT, shopNow } from '../../../src/toolkit/utils';

type Preset = 'today' | 'last7' | 'last30' | 'thisMonth';
const PRESETS: readonly Preset[] = ['today', 'last7', 'last30', 'thisMonth'];
const TOP_PROVINCES = 10;

/** A preset's first and last day, on the shop's calendar (`today` is the shop's wall clock, src/toolkit/utils/shop-time.ts). */
export function presetRange(preset: Preset, today: Dayjs = shopNow()): { from: string; to: string } {
  const back = (days: number) => today.subtract(days, 'day').format(SHOP_DAY_FORMAT);
  switch (preset) {
    case 'today':
      return { from: back(0), to: back(0) };
    case 'last30':
      return { from: back(29), to: back(0) };
    case 'thisMonth':
      return { from: today.startOf('month').format(SHOP_DAY_FORMAT), to: back(0) };
    default:
      return { from: back(6), to: back(0) };
  }
}

/** A dictionary value's label in the current language; '' (none) reads as `unknown`. */
function dictLabel(items: ReadonlyArray<DictItem & { label: string }>, unknown: string): (key: string) => string {
  return (key) => {
    const item = items.find((one) => one.value === key);
    return item === undefined ? (key === '' ? unknown : key) : item.label;
  };
}

function useLabelled(shares: readonly ShareView[] | undefined, label: (key: string) => string): LabelledShare[] {
  return useMemo(() => (shares ?? []).map((share) => ({ key: share.key === '' ? '-' : share.key, label: label(share.key), count: share.count })), [shares, label]);
}

/**
 * `dashboard/Chart` (统计图表, docs/reference/business-domains.md §6): the conversion funnel 访客 → 下单 → 成交 over a range
 * chosen with presets, with its step rates (needs the order list's permission), and the members' shares by
 * province (a ranking and a table), sex and register terminal (needs the member list's permission).
 */
export default function ChartPage() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const [preset, setPreset] = useState<Preset>('last7');
  const range = presetRange(preset);
  const chart = useChart(range.from, range.to, t('loadError'));
  const sexItems = useLocalizedDictItems('sex');
  const terminalItems = useLocalizedDictItems('member_terminal');
  const result = chart.value;
  const unknown = t('unknown');
  const sexLabel = dictLabel(sexItems, unknown);
  const terminalLabel = dictLabel(terminalItems, unknown);
  const provinceLabel = useMemo(() => (key: string) => (key === '' ? unknown : t(`provinces.${key}`, { defaultValue: key })), [t, unknown]);
  const bySex = useLabelled(result?.shares?.bySex, sexLabel);
  const byTerminal = useLabelled(result?.shares?.byTerminal, terminalLabel);
  const byProvince = useLabelled(result?.shares?.byProvince, provinceLabel);
  const funnel = result?.funnel ?? null;

  return (
    <div>
      <Card
        title={t('chart.title')}
        extra={
          <Space>
            <Typography.Text type="secondary">{t('chart.range')}</Typography.Text>
            <Segmented<Preset> value={preset} onChange={setPreset} options={PRESETS.map((value) => ({ value, label: t(`chart.presets.${value}`) }))} data-testid="chart-presets" />
          </Space>
        }
      >
        <Typography.Text type="secondary" data-testid="chart-range">
          {range.from} ~ {range.to}
        </Typography.Text>
      </Card>
      <LoadErrorAlert error={chart.error} onRetry={chart.retry} style={{ marginTop: 24 }} />
      {result === undefined ? (
        chart.error === null ? <Skeleton active style={{ marginTop: 24 }} /> : null
      ) : (
        <>
          <Card
            style={{ marginTop: 24 }}
            data-testid="funnel"
            title={
              <Space size={4}>
                {t('chart.funnel')}
                <Tooltip title={t('chart.funnelFormula')}>
                  <InfoCircleOutlined aria-label={t('formula')} style={{ color: token.colorTextTertiary }} />
                </Tooltip>
              </Space>
            }
          >
            {funnel === null ? (
              <Alert type="info" showIcon message={t('chart.noPermission')} />
            ) : (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={14}>
                  <RankBars
                    name={t('chart.members')}
                    rows={(['visitor', 'orderUser', 'buyer'] as const).map((key) => ({ key, label: t(`chart.${key}`), count: funnel[key] }))}
                    height={200}
                    testId="funnel-bars"
                  />
                </Col>
                <Col xs={24} lg={10}>
                  <Row gutter={[16, 16]}>
                    {(['visitor', 'orderUser', 'buyer'] as const).map((key) => (
                      <Col key={key} span={8}>
                        <Statistic title={t(`chart.${key}`)} value={funnel[key]} valueRender={(node) => <span data-testid={`funnel-${key}`}>{node}</span>} />
                      </Col>
                    ))}
                    {(['orderRate', 'payRate', 'overallRate'] as const).map((key) => (
                      <Col key={key} span={8}>
                        <Statistic title={t(`chart.${key}`)} value={percentText(funnel[key])} valueRender={(node) => <span data-testid={`funnel-${key}`}>{node}</span>} />
                      </Col>
                    ))}
                  </Row>
                </Col>
              </Row>
            )}
          </Card>
          {result.shares === null ? (
            <Alert type="info" showIcon message={t('chart.noPermission')} style={{ marginTop: 24 }} />
          ) : (
            <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
              <Col xs={24} xl={12}>
                <Card title={t('chart.province')} extra={<Typography.Text type="secondary">{t('chart.provinceHint')}</Typography.Text>} style={{ height: '100%' }} data-testid="share-province">
                  <RankBars name={t('chart.members')} rows={byProvince.slice(0, TOP_PROVINCES)} testId="province-bars" />
                  <div style={{ marginTop: 16 }}>
                    <ShareTable rows={byProvince} />
                  </div>
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card title={t('chart.sex')} data-testid="share-sex">
                  <SharePie rows={bySex} testId="sex-pie" />
                </Card>
                <Card title={t('chart.terminal')} style={{ marginTop: 16 }} data-testid="share-terminal">
                  <SharePie rows={byTerminal} testId="terminal-pie" />
                </Card>
              </Col>
            </Row>
          )}
        </>
      )}
    </div>
  );
}
