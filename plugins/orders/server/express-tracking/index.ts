import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../server/kit';
import { registerExpressTrackingRoutes } from './routes';
import { bindExpressTracking } from './tracking';

/**
 * 物流跟踪 in the orders plugin's register: the tracking service for this app's EXPRESS_MODE (a bad configuration refuses
 * the start), its routes, and a wait on close for a pass still running.
 */
export async function registerExpressTracking(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const tracking = bindExpressTracking(ctx, { info: (message) => api.log.info(message), warn: (message) => api.log.warn(message), error: (message) => api.log.error(message) });
  await registerExpressTrackingRoutes(api, tracking);
  api.addHook('onClose', async () => {
    await tracking.idle();
  });
}

export { kickExpressTracking, expressTrackingOf, MSG_RECEIVED_BY_TRACKING, type PassResult } from './tracking';
export type { TrackView } from '../../express-track';
export { EXPRESS_TRACK_API } from './routes';
