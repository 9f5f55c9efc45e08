import { Badge, Card, Col, Empty, List, Row, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../src/toolkit/crud/load-error-alert';
import { counterTitle, useCounters } from '../components/dashboard-data';
import { formatShopTime } from '../../../src/toolkit/utils';
import type { CounterItemView } from '../model';

/** When a thing started waiting, to the minute, on the shop's clock. */
function timeText(time: string | null): string {
  return formatShopTime(time).slice(0, 16);
}

/** A waiting thing's line in the current language, as plain text (its tooltip). */
function itemTitle(t: TFunction, item: CounterItemView): string {
  return item.text === undefined ? item.title : t(`counters.items.${item.text.key}`, { ...item.text.values, defaultValue: item.title }).replace(/<\/?data>/g, '');
}

/**
 * A waiting thing's line: the product's words in the current language around the record's own (a name, a number,
 * marked translate="no"); a line of record data only (a number and a buyer) as the server wrote it.
 */
function ItemTitle({ item }: { item: CounterItemView }) {
  const { t } = useTranslation('dashboard');
  if (item.text === undefined) return <span translate="no">{item.title}</span>;
  return <Trans t={t} i18nKey={`counters.items.${item.text.key}`} values={item.text.values} components={{ data: <span translate="no" /> }} />;
}

/**
 * `dashboard/Task` (待办任务, docs/reference/business-domains.md §6): the pending tasks the user may handle — after-sales
 * waiting for the shop, withdrawals to review, procurement orders to confirm — each with its count, its
 * oldest waiting things (at most 10) linking to them, and a link to the filtered list.
 */
export default function TaskPage() {
  const { t } = useTranslation('dashboard');
  const tasks = useCounters('task', t('loadError'));
  return (
    <Card title={t('task.title')}>
      <LoadErrorAlert error={tasks.error} onRetry={tasks.retry} style={{ marginBottom: 16 }} />
      {tasks.value === undefined ? (
        tasks.error === null ? <Skeleton active /> : null
      ) : tasks.value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {tasks.value.map((task) => (
            <Col key={task.key} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                data-testid={`task-${task.key}`}
                title={
                  <span>
                    {counterTitle(t, task)} <Badge count={task.count} showZero overflowCount={99_999} data-testid={`task-${task.key}-count`} />
                  </span>
                }
                extra={<Link to={task.link}>{t('task.all')}</Link>}
                style={{ height: '100%' }}
              >
                <List
                  size="small"
                  dataSource={task.items ?? []}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.empty')} /> }}
                  renderItem={(item) => (
                    <List.Item key={item.id}>
                      <Link to={item.link}>
                        <Typography.Text ellipsis={{ tooltip: itemTitle(t, item) }} style={{ maxWidth: 320 }}>
                          <ItemTitle item={item} />
                        </Typography.Text>
                      </Link>
                      <Typography.Text type="secondary">{timeText(item.time)}</Typography.Text>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
