import type { JobKind } from '../../../../server/kit';
import { expressTrackingOf } from './tracking';

/**
 * The tracking pass as a scheduled job (tracking.ts ExpressTracking.pass): new tracks for the orders shipped by express,
 * their subscriptions and the retries that fell due; with the demo service, the open waybills' next steps. The job row
 * (every minute) comes with migrations/0006-express-tracks.ts.
 */
export const expressTrackJob: JobKind = {
  name: 'orders.expressTrack',
  title: '物流跟踪：订阅已发货订单的运单（失败按间隔重试）',
  run: async ({ services }) => {
    const result = await expressTrackingOf(services).pass();
    return `tracks ${result.created}, subscribed ${result.subscribed}, failed ${result.failed}, refreshed ${result.refreshed}`;
  },
};
