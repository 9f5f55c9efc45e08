import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../src/toolkit/crud';
import { EXPRESS_TRACK_API, type TrackView } from '../express-track';

const SUBSCRIBE_FAILED = '2';
const KNOWN_STATES = new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8', '10', '11', '12', '13', '14']);
const STATE_COLORS: Readonly<Record<string, string>> = { '3': 'green', '2': 'red', '4': 'red', '14': 'red', '5': 'blue', '1': 'cyan' };

/**
 * 物流跟踪 on the order detail: the carrier's events, newest first, with the waybill's state; 刷新 asks the tracking
 * service where the parcel is now (one real-time query) and reads again. Says so while loading, when there is nothing
 * yet (暂无物流信息) and when the subscription was refused (with the reason and the next attempt).
 */
export function ExpressTimeline({ orderId, onRefreshed }: { orderId: string; /** After 刷新 (a 签收 may have completed the order). */ onRefreshed?: () => void }) {
  const { t } = useTranslation('orderExpress');
  const read = useCustomRead<TrackView>({ url: EXPRESS_TRACK_API.read, query: { id: orderId } }, { failure: t('loadError') });
  const refresh = useEntityAction<TrackView>({ invalidates: [] });
  const view = read.value;
  const track = view?.track ?? null;
  const events = view?.events ?? [];

  const onRefresh = async () => {
    const answer = await refresh.run({ url: EXPRESS_TRACK_API.refresh, method: 'post', values: { id: orderId } });
    if (answer === undefined) return;
    read.retry();
    onRefreshed?.();
  };

  const stateTag =
    track?.state === null || track?.state === undefined ? null : (
      <Tag color={STATE_COLORS[track.state] ?? 'default'} data-testid="express-state">
        {t(KNOWN_STATES.has(track.state) ? `state.${track.state}` : 'state.unknown')}
      </Tag>
    );

  return (
    <Card
      title={t('title')}
      style={{ marginBottom: 16 }}
      data-testid="express-timeline"
      extra={
        <Space>
          {stateTag}
          <Button size="small" icon={<ReloadOutlined />} loading={refresh.running} onClick={() => void onRefresh()} data-testid="express-refresh">
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={read.loading}>
        <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 12 }} />
        {track !== null && track.subscribeState === SUBSCRIBE_FAILED ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="express-subscribe-failed"
            message={t('subscribeFailed')}
            description={
              <span>
                {track.subscribeReason ?? ''}
                {track.nextAttemptTime === null ? ` ${t('gaveUp')}` : ` ${t('nextAttempt', { time: track.nextAttemptTime })}`}
              </span>
            }
          />
        ) : null}
        {track !== null && track.signedTime !== null ? (
          <Typography.Paragraph type="secondary">{t('signedAt', { time: track.signedTime })}</Typography.Paragraph>
        ) : null}
        {events.length === 0 ? (
          read.loading || read.error !== null ? (
            <div style={{ minHeight: 60 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="express-empty" />
          )
        ) : (
          <Timeline
            data-testid="express-events"
            items={events.map((event, index) => ({
              key: `${event.time}-${index}`,
              color: index === 0 ? 'green' : 'gray',
              children: (
                <div>
                  {/* The carrier's own words, as it wrote them. */}
                  <div translate="no">{event.context}</div>
                  <Typography.Text type="secondary">
                    {event.time}
                    {event.location !== null ? ` · ${event.location}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        )}
      </Spin>
    </Card>
  );
}
