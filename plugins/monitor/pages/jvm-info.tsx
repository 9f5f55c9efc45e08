import { Card, Col, Descriptions, Progress, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorCard, TrendChart } from '../components/monitor-card';
import { clockTime, formatBytes, splitDuration, toMegabytes, toPercent } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, type RuntimeInfo } from '../contracts';

/** 运行时信息: the Node runtime — versions, memory, event-loop delay and utilisation, GC — with trends. */
export default function RuntimeInfoPage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<RuntimeInfo>(MONITOR_API.runtime);
  return (
    <MonitorCard title={t('runtime.title')} state={state} testId="monitor-runtime">
      {(data) => {
        const heapShare = data.heapLimitBytes > 0 ? toPercent(data.heapUsedBytes / data.heapLimitBytes) : 0;
        const history = data.history.map((sample) => ({
          time: clockTime(sample.time),
          heap: toMegabytes(sample.heapUsedBytes),
          rss: toMegabytes(sample.rssBytes),
          p50: sample.eventLoopP50Ms,
          p99: sample.eventLoopP99Ms,
        }));
        return (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('runtime.nodeVersion')}>
                <span data-testid="runtime-node-version">{data.nodeVersion}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('runtime.v8Version')}>{data.v8Version}</Descriptions.Item>
              <Descriptions.Item label={t('runtime.platform')}>{data.platform}</Descriptions.Item>
              <Descriptions.Item label={t('runtime.pid')}>{data.pid}</Descriptions.Item>
              <Descriptions.Item label={t('runtime.uptime')}>{t('uptime', splitDuration(data.uptimeSeconds))}</Descriptions.Item>
              <Descriptions.Item label={t('runtime.loopUtilization')}>{data.eventLoopUtilization === null ? '-' : `${toPercent(data.eventLoopUtilization)}%`}</Descriptions.Item>
            </Descriptions>
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.heapUsed')} value={formatBytes(data.heapUsedBytes)} />
                <Progress percent={heapShare} size="small" showInfo={false} aria-label={t('runtime.heapShare')} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.heapTotal')} value={formatBytes(data.heapTotalBytes)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.heapLimit')} value={formatBytes(data.heapLimitBytes)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.rss')} value={formatBytes(data.rssBytes)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.external')} value={formatBytes(data.externalBytes)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.loopP50')} value={data.eventLoopDelay?.p50Ms ?? '-'} suffix={t('ms')} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.loopP99')} value={data.eventLoopDelay?.p99Ms ?? '-'} suffix={t('ms')} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('runtime.loopMax')} value={data.eventLoopDelay?.maxMs ?? '-'} suffix={t('ms')} />
              </Col>
            </Row>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('runtime.memoryTrend')}>
                  <TrendChart
                    data={history}
                    xKey="time"
                    unit=" MB"
                    lines={[
                      { key: 'heap', name: t('runtime.heapUsed'), color: '#1677ff' },
                      { key: 'rss', name: t('runtime.rss'), color: '#52c41a' },
                    ]}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('runtime.loopTrend')}>
                  <TrendChart
                    data={history}
                    xKey="time"
                    unit=" ms"
                    lines={[
                      { key: 'p50', name: t('runtime.loopP50'), color: '#1677ff' },
                      { key: 'p99', name: t('runtime.loopP99'), color: '#fa541c' },
                    ]}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('runtime.gc')}>
                  <Table
                    rowKey="kind"
                    size="small"
                    pagination={false}
                    dataSource={data.gc}
                    columns={[
                      { key: 'kind', dataIndex: 'kind', title: t('runtime.gcKind'), render: (kind: string) => t(`runtime.gcKinds.${kind}`, { defaultValue: kind }) },
                      { key: 'count', dataIndex: 'count', title: t('runtime.gcCount'), align: 'right' },
                      { key: 'totalMs', dataIndex: 'totalMs', title: t('runtime.gcTotalMs'), align: 'right' },
                    ]}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('runtime.resources')}>
                  <Table
                    rowKey="type"
                    size="small"
                    pagination={false}
                    dataSource={data.activeResources}
                    columns={[
                      { key: 'type', dataIndex: 'type', title: t('runtime.resourceType') },
                      { key: 'count', dataIndex: 'count', title: t('runtime.resourceCount'), align: 'right' },
                    ]}
                  />
                </Card>
              </Col>
            </Row>
          </>
        );
      }}
    </MonitorCard>
  );
}
