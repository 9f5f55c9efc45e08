import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError, type AppContext } from '../../../../server/kit';
import type { RealPaymentChannel } from '../channels/contract';
import { orderDeps } from '../deps';
import { NOTIFY_PATHS } from './channel-set';
import { receiveNotice } from './pay-notices';

/**
 * The channels' notify URLs (docs/business-api.md "Channels"). Public: a notification is trusted only once its channel's
 * signature checks out, which needs the body exactly as sent — so these routes take it as text, in a scope of their own.
 */

const MAX_NOTICE_BYTES = 64 * 1024;
export const MSG_CHANNEL_NOT_OPEN = '支付渠道未开通';
const NOTICE_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];

export async function registerPayNotifyRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(NOTICE_TYPES, { parseAs: 'string', bodyLimit: MAX_NOTICE_BYTES }, (_request, text, done) => done(null, text));
    const notice = { config: { access: 'public' as const }, schema: { body: Type.String({ maxLength: MAX_NOTICE_BYTES }) } };

    const route = (path: string, pick: (channels: ReturnType<typeof orderDeps>['payments']) => RealPaymentChannel | null) => {
      scope.post<{ Body: string }>(path, notice, async (request, reply) => {
        const deps = orderDeps(ctx);
        const channel = pick(deps.payments);
        // A channel this server does not use: nothing to verify against, so nothing is believed.
        if (channel === null) throw new ApiError(MSG_CHANNEL_NOT_OPEN, 404, 404);
        const answer = await receiveNotice(ctx.db, deps, channel, { headers: request.headers, rawBody: request.body }, { warn: (message) => request.log.warn(message) });
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
    };
    route(NOTIFY_PATHS.wechatOrder, (channels) => channels.byCode('wechat'));
    route(NOTIFY_PATHS.wechatRefund, (channels) => channels.byCode('wechat'));
    route(NOTIFY_PATHS.alipay, (channels) => channels.byCode('alipay'));
  });
}
