import { Card, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorCard, TrendChart } from '../components/monitor-card';
import { clockTime, toPercent } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, type HttpServerInfo } from '../contracts';

/** HTTP服务: connections, requests per second, error rate, status codes and latency of this server. */
export default function HttpServerInfoPage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<HttpServerInfo>(MONITOR_API.httpServer);
  return (
    <MonitorCard title={t('http.title')} state={state} testId="monitor-http">
      {(data) => {
        const now = state.updatedAt;
        const series = data.perSecond.map((count, index) => ({ time: clockTime(now - (data.perSecond.length - 1 - index) * 1000), count }));
        return (
          <>
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              <Col xs={12} md={6}>
                <Statistic title={t('http.connections')} value={data.connections ?? '-'} />
              </Col>
              <Col xs={12} md={6}>
                <div data-testid="http-total-requests">
                  <Statistic title={t('http.totalRequests')} value={data.totalRequests} />
                </div>
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.requestsPerSecond')} value={data.requestsPerSecond} precision={2} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.errorRate')} value={toPercent(data.errorRate)} suffix="%" />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.clientErrors')} value={data.clientErrors} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.serverErrors')} value={data.serverErrors} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.averageLatency')} value={data.averageLatencyMs ?? '-'} suffix={t('ms')} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('http.p95Latency')} value={data.p95LatencyMs ?? '-'} suffix={t('ms')} />
              </Col>
            </Row>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={16}>
                <Card size="small" title={t('http.trend')}>
                  <TrendChart data={series} xKey="time" lines={[{ key: 'count', name: t('http.requests'), color: '#1677ff' }]} />
                </Card>
              </Col>
              <Col xs={24} xl={8}>
                <Card size="small" title={t('http.statusCodes')}>
                  <Table
                    rowKey="status"
                    size="small"
                    pagination={false}
                    dataSource={data.statusCodes}
                    columns={[
                      { key: 'status', dataIndex: 'status', title: t('http.status') },
                      { key: 'count', dataIndex: 'count', title: t('http.count'), align: 'right' },
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
