import { Button, Popconfirm, Table, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityAction } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { MonitorCard } from '../components/monitor-card';
import { toPercent } from '../components/format';
import { useMonitor } from '../components/use-monitor';
import { MONITOR_API, MONITOR_PERMISSIONS, type CacheFigures, type CacheInfo } from '../contracts';

/** 缓存信息: the application's caches with entries, hits and misses, and 清空 for one (after a confirmation). */
export default function CacheInfoPage() {
  const { t } = useTranslation('monitor');
  const state = useMonitor<CacheInfo>(MONITOR_API.cache);
  const canClear = useAccess(MONITOR_PERMISSIONS.cacheClear);
  const clear = useEntityAction({ invalidates: [] });
  const [clearing, setClearing] = useState<string | null>(null);

  const clearOne = async (name: string) => {
    setClearing(name);
    try {
      await clear.run({ url: MONITOR_API.cacheClear, method: 'post', values: { name } });
      state.refresh();
    } finally {
      setClearing(null);
    }
  };

  const columns: Array<TableColumnType<CacheFigures>> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('cache.name'),
      render: (name: string) => (
        <>
          {t(`cache.names.${name}`, { defaultValue: name })} <Typography.Text type="secondary">{name}</Typography.Text>
        </>
      ),
    },
    { key: 'entries', dataIndex: 'entries', title: t('cache.entries'), align: 'right', width: 110 },
    { key: 'hits', dataIndex: 'hits', title: t('cache.hits'), align: 'right', width: 110 },
    { key: 'misses', dataIndex: 'misses', title: t('cache.misses'), align: 'right', width: 110 },
    { key: 'hitRatio', dataIndex: 'hitRatio', title: t('cache.hitRatio'), align: 'right', width: 110, render: (value: number | null) => (value === null ? '-' : `${toPercent(value)}%`) },
  ];
  if (canClear.visible) {
    columns.push({
      key: 'action',
      title: t('cache.action'),
      width: 100,
      render: (_value, cache) => (
        <Popconfirm title={t('cache.confirmClear', { name: t(`cache.names.${cache.name}`, { defaultValue: cache.name }) })} onConfirm={() => clearOne(cache.name)}>
          <Button type="link" danger size="small" disabled={canClear.disabled} loading={clearing === cache.name}>
            {t('cache.clear')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <MonitorCard title={t('cache.title')} state={state} testId="monitor-cache">
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">{t('cache.hint')}</Typography.Paragraph>
          <Table<CacheFigures> rowKey="name" size="middle" columns={columns} dataSource={data.caches} pagination={false} />
        </>
      )}
    </MonitorCard>
  );
}
