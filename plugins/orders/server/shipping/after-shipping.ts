import type { AppContext } from '../../../../server/kit';
import { orderDeps } from '../deps';
import { kickExpressTracking } from '../express-tracking';
import { recordWechatShipments } from '../payments/wechat-shipping';

/**
 * Right after a 发货 commits, what follows a shipment outside its transaction starts at once instead of at the next
 * minute's jobs: the shipment is recorded with WeChat (payments/wechat-shipping.ts) and its waybill subscribed for
 * tracking (express-tracking/). Both run in the background — the staff's answer never waits on WeChat or the
 * tracking service — and a failure stays on the order for the jobs to retry.
 */
export function afterShipped(ctx: Pick<AppContext, 'db' | 'services'>, log: { error: (message: string) => void }, tenantId: number, orderIds: readonly string[]): void {
  const deps = orderDeps(ctx);
  void (async () => {
    for (const orderId of orderIds) await recordWechatShipments(ctx.db, deps, { tenantId, orderId });
    await kickExpressTracking(ctx);
  })().catch((error: unknown) => log.error(`Recording shipments after 发货 failed: ${error instanceof Error ? error.message : String(error)}`));
}
