import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../src/toolkit/crud/load-error-alert';
import type { CounterView } from '../model';
import { counterTitle } from './dashboard-data';

export interface CounterGridProps {
  views: CounterView[] | undefined;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/** 运营数据: one small card per counter, each a link to the filtered list it counts. */
export function CounterGrid({ views, loading, error, retry }: CounterGridProps) {
  const { t } = useTranslation('dashboard');
  if (error !== null) return <LoadErrorAlert error={error} onRetry={retry} />;
  if (loading || views === undefined) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (views.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('counters.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {views.map((view) => (
        <Col key={view.key} xs={12} sm={8} md={6} xl={4}>
          <Link to={view.link} data-testid={`counter-${view.key}`}>
            <Card hoverable styles={{ body: { padding: 12 } }}>
              <Statistic title={counterTitle(t, view)} value={view.count} valueStyle={{ fontSize: 22 }} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
