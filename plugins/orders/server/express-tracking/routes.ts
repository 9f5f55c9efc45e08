import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { body, Id, ok, permission, query, tenantOf } from '../../../../server/kit';
import { API } from '../../../../src/contracts/api-paths';
import { EXPRESS_TRACK_API } from '../../express-track';
import { MSG_TRACK_REFRESHED } from './contract';
import type { ExpressTracking } from './tracking';

/**
 * 物流跟踪's routes: the order detail's read and its 刷新 (behind the order detail's own permission), and kuaidi100's push
 * (docs/business-api.md "Channels"), public and believed only once its sign checks out.
 */

export { EXPRESS_TRACK_API };

/** The order detail's permission (sales/admin-routes.ts queryById): whoever sees the order sees where it is. */
const ORDER_DETAIL_PERMISSION = 'saleorder:order:list';
/** A push carries the waybill's whole history; a long one stays far below this. */
const MAX_PUSH_BYTES = 256 * 1024;
const FORM = 'application/x-www-form-urlencoded';

export async function registerExpressTrackingRoutes(api: FastifyInstance, tracking: ExpressTracking): Promise<void> {
  api.get<{ Querystring: { id: string } }>(EXPRESS_TRACK_API.read, { ...permission(ORDER_DETAIL_PERMISSION), schema: { querystring: query({ id: Id }) } }, async (request) =>
    ok(await tracking.view(tenantOf(request), request.query.id)),
  );

  // 刷新: one real-time query at the service (kuaidi100 means it for a person's click, not for polling).
  api.post<{ Body: { id: string } }>(
    EXPRESS_TRACK_API.refresh,
    { ...permission(ORDER_DETAIL_PERMISSION), schema: { querystring: query({}), body: body({ id: Id }) } },
    async (request) => ok(await tracking.refresh(tenantOf(request), request.body.id), MSG_TRACK_REFRESHED),
  );

  // The push is a form whose `param` is signed as sent: its scope reads form bodies as text, and nothing else.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: MAX_PUSH_BYTES }, (_request, text, done) => done(null, text));
    scope.post<{ Body: string }>(
      API.expressNotifyKuaidi100,
      { config: { access: 'public' }, schema: { body: Type.String({ maxLength: MAX_PUSH_BYTES }) } },
      async (request, reply) => {
        const answer = await tracking.receivePush(request.body);
        return reply.code(answer.status).send(answer.body);
      },
    );
  });
}
