import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { body, hasPermission, Id, inTransaction, Int, Line, ok, permission, query, tenantOf, unauthorized, type AppContext } from '../../../../server/kit';
import { PICKUP_API, PICKUP_CODE_PATTERN, PICKUP_PERMISSIONS, PICKUP_TABS, type MyPickupStores, type PickupTab } from '../../pickup-entities';
import { afterShipped } from '../shipping/after-shipping';
import { orderDeps } from '../deps';
import { registerPickupAppRoutes } from './app';
import { seedDemoPickupOnce } from './demo';
import { pickupOrderPage } from './pickup-orders';
import { registerPickupStoreRoutes } from './stores';
import { lookupPickup, MSG_PICKUP_DONE, storesOf, verifyPickup, type Verifier } from './verify';

/**
 * 到店自提 and 门店核销 (issue 36): the stores and their verifiers, the code lookup and the verification, the pickup
 * orders by store and state, the mini-program's store list, and the demo shop's stores and pickup orders.
 */

const Code = Type.String({ pattern: PICKUP_CODE_PATTERN.source });

export async function registerPickup(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  await registerPickupStoreRoutes(api);
  registerPickupAppRoutes(api, ctx);

  const verifierOf = async (request: FastifyRequest): Promise<Verifier> => {
    const auth = request.auth;
    if (auth === null) throw unauthorized();
    return { tenantId: tenantOf(request), username: auth.username, anyStore: await hasPermission(db, auth.userId, PICKUP_PERMISSIONS.anyStore) };
  };

  api.get(PICKUP_API.myStores, { ...permission(PICKUP_PERMISSIONS.verify), schema: { querystring: query({}) } }, async (request) => {
    const verifier = await verifierOf(request);
    const ids = await storesOf(db, verifier.tenantId, verifier.username);
    const named =
      ids.length === 0 ? [] : (await sql<{ id: string; name: string }>`select id, name from sale_pickup_store where tenant_id = ${verifier.tenantId} and id in (${sql.join(ids)}) order by sort nulls last, name`.execute(db)).rows;
    const answer: MyPickupStores = { anyStore: verifier.anyStore, stores: named };
    return ok(answer);
  });

  api.get<{ Querystring: { code: string } }>(PICKUP_API.lookup, { ...permission(PICKUP_PERMISSIONS.verify), schema: { querystring: query({ code: Code }) } }, async (request) =>
    ok(await lookupPickup(db, await verifierOf(request), request.query.code)),
  );

  api.post<{ Body: { code: string } }>(PICKUP_API.verify, { ...permission(PICKUP_PERMISSIONS.verify), schema: { querystring: query({}), body: body({ code: Code }) } }, async (request) => {
    const verifier = await verifierOf(request);
    const deps = orderDeps(ctx);
    const verified = await inTransaction(db, (trx) => verifyPickup(trx, deps, verifier, request.body.code));
    // Handed over: a WeChat Pay order's shipment (用户自提) is recorded with WeChat like any other (payments/wechat-shipping.ts).
    afterShipped(ctx, request.log, verifier.tenantId, [verified.id]);
    return ok(verified, MSG_PICKUP_DONE);
  });

  api.get<{ Querystring: { tab?: PickupTab; storeId?: string; keyword?: string; pageNo?: number; pageSize?: number } }>(
    PICKUP_API.orders,
    {
      ...permission(PICKUP_PERMISSIONS.orders),
      schema: {
        querystring: query({
          tab: Type.Optional(Type.Union(PICKUP_TABS.map((tab) => Type.Literal(tab)))),
          storeId: Type.Optional(Type.Union([Id, Type.Literal('')])),
          keyword: Type.Optional(Line(64)),
          pageNo: Type.Optional(Int(1, 100_000)),
          pageSize: Type.Optional(Int(1, 100)),
        }),
      },
    },
    async (request) =>
      ok(
        await pickupOrderPage(db, {
          tenantId: tenantOf(request),
          tab: request.query.tab ?? 'toVerify',
          ...(request.query.storeId === undefined ? {} : { storeId: request.query.storeId }),
          ...(request.query.keyword === undefined ? {} : { keyword: request.query.keyword }),
          pageNo: request.query.pageNo ?? 1,
          pageSize: request.query.pageSize ?? 10,
        }),
      ),
  );

  // The demo shop's stores and pickup orders, once per database that has the demo trade (a database seeded before
  // this feature gets them at its next start).
  if (ctx.config.demoTrade) {
    api.addHook('onReady', async () => {
      await seedDemoPickupOnce(ctx, { info: (message) => api.log.info(message) });
    });
  }
}
