import { Alert, Card, Col, Descriptions, Progress, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorCard, TrendChart } from '../components/monitor-card';
import { clockTime, formatBytes, splitDuration, toPercent } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, type LogWriterFigures, type SystemInfo } from '../contracts';

/** 系统信息: the machine (OS, CPU, load, memory), this process's CPU share and the database. */
export default function SystemInfoPage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<SystemInfo>(MONITOR_API.system);
  return (
    <MonitorCard title={t('system.title')} state={state} testId="monitor-system">
      {(data) => {
        const usedMemory = data.totalMemoryBytes - data.freeMemoryBytes;
        const history = data.history.map((sample) => ({ time: clockTime(sample.time), load1: sample.load1, cpu: sample.processCpuPercent }));
        return (
          <>
            <LogWriterAlert figures={data.logWriter} />
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('system.os')}>
                {data.osType} {data.osRelease}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.arch')}>
                {data.platform}-{data.arch}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.hostname')}>{data.hostname}</Descriptions.Item>
              <Descriptions.Item label={t('system.cpuModel')}>{data.cpuModel}</Descriptions.Item>
              <Descriptions.Item label={t('system.cpuCount')}>
                <span data-testid="system-cpu-count">{data.cpuCount}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('system.uptime')}>{t('uptime', splitDuration(data.systemUptimeSeconds))}</Descriptions.Item>
              <Descriptions.Item label={t('system.databaseKind')}>{t(`system.databaseKinds.${data.database.kind}`)}</Descriptions.Item>
              <Descriptions.Item label={t('system.databaseVersion')} span={2}>
                {data.database.version}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.databaseSize')}>{formatBytes(data.database.sizeBytes)}</Descriptions.Item>
            </Descriptions>
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              <Col xs={12} md={6}>
                <Statistic title={t('system.load', { minutes: 1 })} value={data.loadAverage[0]} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('system.load', { minutes: 5 })} value={data.loadAverage[1]} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('system.load', { minutes: 15 })} value={data.loadAverage[2]} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('system.processCpu')} value={data.processCpuPercent ?? '-'} suffix="%" />
              </Col>
              <Col xs={24} md={12}>
                <Statistic title={t('system.memory')} value={t('system.memoryUsed', { used: formatBytes(usedMemory), total: formatBytes(data.totalMemoryBytes) })} />
                <Progress percent={data.totalMemoryBytes > 0 ? toPercent(usedMemory / data.totalMemoryBytes) : 0} size="small" aria-label={t('system.memory')} />
              </Col>
            </Row>
            <Card size="small" title={t('system.trend')}>
              <TrendChart
                data={history}
                xKey="time"
                lines={[
                  { key: 'load1', name: t('system.load', { minutes: 1 }), color: '#1677ff' },
                  { key: 'cpu', name: t('system.processCpu'), color: '#fa8c16' },
                ]}
              />
            </Card>
          </>
        );
      }}
    </MonitorCard>
  );
}

/** Log rows the database refused or the queue dropped: nothing to show while there are none. */
export function LogWriterAlert({ figures }: { figures: LogWriterFigures }) {
  const { t } = useTranslation('monitor');
  if (figures.failedRows === 0 && figures.droppedRows === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="monitor-log-writer-alert"
      style={{ marginBottom: 16 }}
      message={t('system.logAlertTitle', { failed: figures.failedRows, dropped: figures.droppedRows })}
      description={
        <>
          <p>{t('system.logAlertHint')}</p>
          <Table
            size="small"
            rowKey={(row) => `${row.failedAt}|${row.row}`}
            pagination={false}
            scroll={{ x: 'max-content', y: 240 }}
            dataSource={figures.recentFailures}
            columns={[
              { title: t('system.logFailedAt'), dataIndex: 'failedAt', width: 170 },
              { title: t('system.logTable'), dataIndex: 'table', width: 120 },
              { title: t('system.logError'), dataIndex: 'error', width: 280 },
              { title: t('system.logRow'), dataIndex: 'row' },
            ]}
          />
        </>
      }
    />
  );
}
