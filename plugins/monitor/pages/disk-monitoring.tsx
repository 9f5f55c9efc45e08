import { Progress, Table, Tag, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorCard } from '../components/monitor-card';
import { formatBytes } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, type DiskInfo, type DiskVolume } from '../contracts';

/** 磁盘监控: size, used and free of every mounted filesystem, the data directory's marked. */
export default function DiskMonitoringPage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<DiskInfo>(MONITOR_API.disk);
  const columns: Array<TableColumnType<DiskVolume>> = [
    {
      key: 'mountPoint',
      dataIndex: 'mountPoint',
      title: t('disk.mountPoint'),
      render: (value: string, volume) => (
        <>
          {value} {volume.holdsData ? <Tag color="blue">{t('disk.dataVolume')}</Tag> : null}
        </>
      ),
    },
    { key: 'device', dataIndex: 'device', title: t('disk.device') },
    { key: 'fsType', dataIndex: 'fsType', title: t('disk.fsType'), width: 110 },
    { key: 'sizeBytes', dataIndex: 'sizeBytes', title: t('disk.size'), align: 'right', render: (value: number) => formatBytes(value), width: 120 },
    { key: 'usedBytes', dataIndex: 'usedBytes', title: t('disk.used'), align: 'right', render: (value: number) => formatBytes(value), width: 120 },
    { key: 'freeBytes', dataIndex: 'freeBytes', title: t('disk.free'), align: 'right', render: (value: number) => formatBytes(value), width: 120 },
    {
      key: 'usedPercent',
      dataIndex: 'usedPercent',
      title: t('disk.usage'),
      width: 200,
      render: (value: number) => <Progress percent={value} size="small" status={value >= 90 ? 'exception' : 'normal'} aria-label={t('disk.usage')} />,
    },
  ];
  return (
    <MonitorCard title={t('disk.title')} state={state} testId="monitor-disk">
      {(data) => <Table<DiskVolume> rowKey="mountPoint" size="middle" columns={columns} dataSource={data.volumes} pagination={false} scroll={{ x: 900 }} />}
    </MonitorCard>
  );
}
