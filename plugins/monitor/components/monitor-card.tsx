import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../src/toolkit/crud';
import { clockTime } from './format';
import type { TrendChartProps } from './trend-chart';
import type { MonitorData } from './use-monitor';

// The chart library is fetched with the first chart a monitoring page shows, never with the login page.
const LazyTrendChart = lazy(() => import('./trend-chart'));

export function TrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <LazyTrendChart {...props} />
    </Suspense>
  );
}

interface MonitorCardProps<T> {
  title: string;
  state: MonitorData<T>;
  children: (data: T) => ReactNode;
  testId: string;
}

/**
 * A monitoring screen's frame: the title, when the figures were read, 刷新, a skeleton until the
 * first answer, and the failure with 重试 (the last figures stay shown under it).
 */
export function MonitorCard<T>({ title, state, children, testId }: MonitorCardProps<T>) {
  const { t } = useTranslation('monitor');
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Space>
          {state.data !== undefined ? <Typography.Text type="secondary">{t('updatedAt', { time: clockTime(state.updatedAt) })}</Typography.Text> : null}
          <Button icon={<ReloadOutlined />} loading={state.refreshing} onClick={state.refresh}>
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      <LoadErrorAlert error={state.error === null ? null : t('loadFailed')} description={state.error ?? undefined} onRetry={state.refresh} style={{ marginBottom: 16 }} />
      {state.data === undefined ? state.error === null ? <Skeleton active /> : null : children(state.data)}
    </Card>
  );
}
