import { Table, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorCard } from '../components/monitor-card';
import { clockTime } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, type HttpTraceInfo, type TraceEntry } from '../contracts';

function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'blue';
  return 'green';
}

/** 请求追踪: the last requests the server answered, newest first; no headers, tokens or query values. */
export default function HttpTracePage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<HttpTraceInfo>(MONITOR_API.httpTrace);
  const columns: Array<TableColumnType<TraceEntry>> = [
    { key: 'time', dataIndex: 'time', title: t('trace.time'), width: 110, render: (value: string) => clockTime(value) },
    { key: 'method', dataIndex: 'method', title: t('trace.method'), width: 90 },
    {
      key: 'path',
      dataIndex: 'path',
      title: t('trace.path'),
      render: (value: string, entry) => (
        <Typography.Text code>
          {value}
          {entry.queryKeys.length > 0 ? `?${entry.queryKeys.join('&')}` : ''}
        </Typography.Text>
      ),
    },
    { key: 'status', dataIndex: 'status', title: t('trace.status'), width: 90, render: (value: number) => <Tag color={statusColor(value)}>{value}</Tag> },
    { key: 'durationMs', dataIndex: 'durationMs', title: t('trace.duration'), width: 120, align: 'right' },
    { key: 'username', dataIndex: 'username', title: t('trace.user'), width: 120, render: (value: string | null) => value ?? t('trace.anonymous') },
  ];
  return (
    <MonitorCard title={t('trace.title')} state={state} testId="monitor-trace">
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">{t('trace.hint', { capacity: data.capacity })}</Typography.Paragraph>
          <Table<TraceEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data.entries}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            scroll={{ x: 800 }}
          />
        </>
      )}
    </MonitorCard>
  );
}
