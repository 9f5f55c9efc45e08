import { Card, Col, Input, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../src/app/use-session';
import { greetingKey } from '../../../src/shell/greeting';
import { joinMenuPath } from '../../../src/shell/menu/menu-target';
import { MenuIcon } from '../../../src/shell/menu/menu-icons';
import { useMenuTree } from '../../../src/shell/menu/menu-context';
import { LoadErrorAlert } from '../../../src/toolkit/crud/load-error-alert';
import { CompareCard } from '../components/compare-card';
import { CounterGrid } from '../components/counter-grid';
import { useAnalysis, useCounters } from '../components/dashboard-data';
import { LoginStats } from '../components/login-stats';
import type { MemberStats } from '../model';
import { shopNow } from '../../../src/toolkit/utils';

const DayChart = lazy(() => import('../components/day-chart'));

function MemberStatistics({ stats }: { stats: MemberStats }) {
  const { t } = useTranslation('dashboard');
  return (
    <Row gutter={[16, 16]}>
      {(['total', 'today', 'thisWeek', 'thisMonth'] as const).map((key) => (
        <Col key={key} span={12}>
          <Statistic title={t(`members.${key}`)} value={stats[key]} valueRender={(node) => <span data-testid={`members-${key}`}>{node}</span>} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * `dashboard/Analysis` (首页, docs/reference/business-domains.md §6): the greeting and the areas the user can open (kept at
 * the top, where they do not move while the figures load); then the comparison cards (销售额, 用户访问量,
 * 订单量, 新增用户 — today with yesterday's and 环比, each with its formula); 运营数据 linking to the filtered
 * lists; the trade trend of the last 30 days and the member statistics; and the login statistics. Each
 * figure only when the user holds the permission of its list.
 */
export default function AnalysisPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useUserInfo();
  const analysis = useAnalysis(t('dashboard:loadError'));
  const counters = useCounters(undefined, t('dashboard:loadError'));
  // External links open from the side menu; the dashboard lists in-app areas only.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const areas = useMenuTree()
    .filter((area) => area.path.startsWith('/'))
    .filter((area) => needle === '' || (area.meta?.title ?? area.name).toLowerCase().includes(needle) || area.path.toLowerCase().includes(needle));
  const greeting = t(`common:greeting.${greetingKey(shopNow().hour())}`);
  const result = analysis.value;

  return (
    <div>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          <Trans t={t} i18nKey="dashboard:greetingLine" values={{ greeting, name: user?.realname ?? user?.username ?? '' }} components={{ name: <span translate="no" /> }} />
        </Typography.Title>
        <Typography.Text type="secondary">{t('common:welcome')}</Typography.Text>
      </Card>

      <Card
        title={t('dashboard:areasTitle')}
        style={{ marginTop: 24 }}
        extra={
          <Input.Search
            allowClear
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('dashboard:filterPlaceholder')}
            aria-label={t('dashboard:filterLabel')}
            className="area-filter"
            style={{ width: 220 }}
          />
        }
      >
        {areas.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard:noAreas')}</Typography.Text>
        ) : (
          <Row gutter={[16, 16]}>
            {areas.map((area) => (
              <Col key={area.id} xs={24} sm={12} md={8} lg={6}>
                <Link to={joinMenuPath('', area.path)}>
                  <Card size="small" hoverable>
                    <MenuIcon name={area.meta?.icon} /> {area.meta?.title ?? area.name}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <LoadErrorAlert error={analysis.error} onRetry={analysis.retry} style={{ marginTop: 24 }} />
      {result === undefined && analysis.error === null ? <Skeleton active style={{ marginTop: 24 }} /> : null}
      {result !== undefined && result.cards.length > 0 ? (
        <Row gutter={[16, 16]} style={{ marginTop: 24 }} data-testid="compare-cards">
          {result.cards.map((card) => (
            <Col key={card.key} xs={24} sm={12} xl={6}>
              <CompareCard card={card} />
            </Col>
          ))}
        </Row>
      ) : null}

      <Card title={t('dashboard:counters.title')} style={{ marginTop: 24 }} data-testid="operation-counters">
        <CounterGrid views={counters.value} loading={counters.loading} error={counters.error} retry={counters.retry} />
      </Card>

      {result !== undefined && (result.trend !== null || result.members !== null) ? (
        <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
          {result.trend !== null ? (
            <Col xs={24} xl={result.members !== null ? 16 : 24}>
              <Card title={t('dashboard:trend.title')} style={{ height: '100%' }}>
                <Suspense fallback={<Skeleton active />}>
                  <DayChart
                    data={result.trend.map((day) => ({ day: day.day.slice(5), payPrice: day.payPrice, payOrders: day.payOrders }))}
                    xKey="day"
                    series={[
                      { key: 'payPrice', name: t('dashboard:trend.payPrice'), type: 'bar' },
                      { key: 'payOrders', name: t('dashboard:trend.payOrders'), type: 'line', axis: 'right' },
                    ]}
                    data-testid="trade-trend"
                  />
                </Suspense>
              </Card>
            </Col>
          ) : null}
          {result.members !== null ? (
            <Col xs={24} xl={result.trend !== null ? 8 : 24}>
              <Card title={t('dashboard:members.title')} style={{ height: '100%' }} data-testid="member-stats">
                <MemberStatistics stats={result.members} />
              </Card>
            </Col>
          ) : null}
        </Row>
      ) : null}

      <div style={{ marginTop: 24 }}>
        <LoginStats />
      </div>

    </div>
  );
}
