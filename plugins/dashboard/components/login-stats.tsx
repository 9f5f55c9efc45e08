import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../src/toolkit/crud/load-error-alert';
import { useCustomRead } from '../../../src/toolkit/crud/use-custom-read';

const DayChart = lazy(() => import('./day-chart'));

/** `GET /sys/loginfo` (JeecgBoot shape). */
interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** `GET /sys/visitInfo`: the last seven days, oldest first. */
interface VisitInfoRow {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

/** 登录统计: the staff logins in all and today, and the last seven days' logins and ips. */
export function LoginStats() {
  const { t } = useTranslation('dashboard');
  const info = useCustomRead<LoginInfo>({ url: '/sys/loginfo' }, { failure: t('loadError') });
  const visits = useCustomRead<VisitInfoRow[]>({ url: '/sys/visitInfo' }, { failure: t('loadError') });
  const figures = info.value;
  return (
    <Card title={t('visits.title')} data-testid="login-stats">
      <LoadErrorAlert error={info.error ?? visits.error} onRetry={info.error !== null ? info.retry : visits.retry} style={{ marginBottom: 16 }} />
      {figures === undefined ? (
        info.error === null ? <Skeleton active paragraph={{ rows: 1 }} /> : null
      ) : (
        <Row gutter={16}>
          {(['totalVisitCount', 'todayVisitCount', 'todayIp'] as const).map((key) => (
            <Col key={key} xs={24} sm={8}>
              <Statistic title={t(`visits.${key}`)} value={figures[key]} valueRender={(node) => <span data-testid={`login-${key}`}>{node}</span>} />
            </Col>
          ))}
        </Row>
      )}
      {visits.value !== undefined ? (
        <Suspense fallback={<Skeleton active />}>
          <div style={{ marginTop: 16 }}>
            <DayChart
              data={visits.value.map((row) => ({ day: row.type, visit: row.visit, ip: row.ip }))}
              xKey="day"
              series={[
                { key: 'visit', name: t('visits.visit'), type: 'bar' },
                { key: 'ip', name: t('visits.ip'), type: 'line' },
              ]}
              height={220}
              data-testid="login-trend"
            />
          </div>
        </Suspense>
      ) : null}
    </Card>
  );
}
