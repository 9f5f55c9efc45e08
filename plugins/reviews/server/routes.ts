import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import zhReviews from '../../../locales/zh-CN/reviews.json';
import { body, Id, Int, inTransaction, Line, localeLabels, MSG_ADDED, ok, permission, query, registerEntityRoutes, SafeText, staffActor, unauthorized, type AppContext } from '../../../server/kit';
import { APP_REVIEW_PATHS, REVIEW_PERMISSIONS, REVIEW_URLS, reviewEntity, spuScoreEntity } from '../entities';
import { APP_REVIEW_TYPES, appReviewPage, checkStoredImages, type AppReviewType } from './reads';
import { checkedImages, createBuyerReview, createVirtualReview, replyReview, reviewDeps, setReviewVisible } from './service';
import { registerReviewUpload } from './uploads';

/**
 * 商品评价's routes: the members' (`/app/review/*`: write a review of a completed order's line, upload its pictures,
 * read a goods' reviews) and the shop's (`/goods/goodsReview*`: the lists through the CRUD engine, 回复, 隐藏/显示 and
 * 添加虚拟评价, each behind its own code).
 */

/** What a review says, as a buyer's and a virtual one both give it. */
function reviewOf(
  input: { goodsScore: number; serviceScore: number; deliveryScore: number; content: string; anonymous?: boolean },
  picUrls: string[],
): { goodsScore: number; serviceScore: number; deliveryScore: number; content: string; picUrls: string[]; anonymous: boolean } {
  return { goodsScore: input.goodsScore, serviceScore: input.serviceScore, deliveryScore: input.deliveryScore, content: input.content, picUrls, anonymous: input.anonymous === true };
}

export const MSG_REVIEWED = '评价成功';
export const MSG_REPLIED = '回复成功';
export const MSG_HIDDEN = '已隐藏';
export const MSG_SHOWN = '已显示';

/** Text is checked for length and markup by the service (a clear message); the schema only bounds the request. */
const TEXT_IN = SafeText(2000);
/** Pictures are counted by the service (at most nine, with its message); the schema only bounds the request. */
const IMAGES_IN = Type.Optional(Type.Array(Line(1000), { maxItems: 50 }));
const SCORE_IN = Int(-1000, 1000);

interface CreateBody {
  orderItemId: string;
  goodsScore: number;
  serviceScore: number;
  deliveryScore: number;
  content: string;
  picUrls?: string[];
  anonymous?: boolean;
}

interface VirtualBody {
  spuId: string;
  skuId?: string | null;
  nickname: string;
  goodsScore: number;
  serviceScore: number;
  deliveryScore: number;
  content: string;
  picUrls?: string[];
  anonymous?: boolean;
}

function member(request: FastifyRequest): { tenantId: number; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { tenantId: request.member.tenantId, memberId: request.member.memberId };
}

export async function registerReviewRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const memberOnly = { config: { access: 'member' as const } };
  const labels = localeLabels({ reviews: zhReviews });

  // ---- the mini-program ------------------------------------------------------------------------------------
  api.post<{ Body: CreateBody }>(
    APP_REVIEW_PATHS.create,
    {
      ...memberOnly,
      schema: {
        querystring: query({}),
        body: body({ orderItemId: Id, goodsScore: SCORE_IN, serviceScore: SCORE_IN, deliveryScore: SCORE_IN, content: TEXT_IN, picUrls: IMAGES_IN, anonymous: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request) => {
      const me = member(request);
      const input = request.body;
      const picUrls = checkedImages(input.picUrls ?? []);
      await checkStoredImages(db, me.tenantId, picUrls, me.memberId);
      const created = await inTransaction(db, (trx) =>
        createBuyerReview(trx, reviewDeps(ctx), me, {
          orderItemId: input.orderItemId,
          ...reviewOf(input, picUrls),
        }),
      );
      return ok(created, MSG_REVIEWED);
    },
  );

  api.get<{ Querystring: { spuId: string; pageNo?: number; pageSize?: number; type?: AppReviewType } }>(
    APP_REVIEW_PATHS.page,
    {
      ...memberOnly,
      schema: {
        querystring: query({
          spuId: Id,
          pageNo: Type.Optional(Int(1, 100_000)),
          pageSize: Type.Optional(Int(1, 100)),
          type: Type.Optional(Type.Union(APP_REVIEW_TYPES.map((type) => Type.Literal(type)))),
        }),
      },
    },
    async (request) => {
      const me = member(request);
      return ok(await appReviewPage(db, me.tenantId, request.query.spuId, { pageNo: request.query.pageNo ?? 1, pageSize: request.query.pageSize ?? 10, type: request.query.type ?? 'all' }));
    },
  );

  await registerReviewUpload(api, ctx);

  // ---- the back-office -------------------------------------------------------------------------------------
  await registerEntityRoutes(api, reviewEntity, { labels, actions: ['list', 'queryById', 'exportXls'] });
  await registerEntityRoutes(api, spuScoreEntity, { labels, actions: ['list', 'exportXls'] });

  api.post<{ Body: { id: string; content: string } }>(
    REVIEW_URLS.reply,
    { ...permission(REVIEW_PERMISSIONS.reply), schema: { querystring: query({}), body: body({ id: Id, content: TEXT_IN }) } },
    async (request) => {
      await inTransaction(db, (trx) => replyReview(trx, staffActor(request), request.body.id, request.body.content));
      return ok(true, MSG_REPLIED);
    },
  );

  api.post<{ Body: { id: string; visible: boolean } }>(
    REVIEW_URLS.updateVisible,
    { ...permission(REVIEW_PERMISSIONS.visible), schema: { querystring: query({}), body: body({ id: Id, visible: Type.Boolean() }) } },
    async (request) => {
      await inTransaction(db, (trx) => setReviewVisible(trx, staffActor(request), request.body.id, request.body.visible));
      return ok(true, request.body.visible ? MSG_SHOWN : MSG_HIDDEN);
    },
  );

  api.post<{ Body: VirtualBody }>(
    REVIEW_URLS.virtual,
    {
      ...permission(REVIEW_PERMISSIONS.virtual),
      schema: {
        querystring: query({}),
        body: body({
          spuId: Id,
          skuId: Type.Optional(Type.Union([Id, Type.Null()])),
          nickname: Line(200),
          goodsScore: SCORE_IN,
          serviceScore: SCORE_IN,
          deliveryScore: SCORE_IN,
          content: TEXT_IN,
          picUrls: IMAGES_IN,
          anonymous: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request) => {
      const actor = staffActor(request);
      const input = request.body;
      const picUrls = checkedImages(input.picUrls ?? []);
      await checkStoredImages(db, actor.tenantId, picUrls, null);
      const created = await inTransaction(db, (trx) =>
        createVirtualReview(trx, reviewDeps(ctx), actor, {
          spuId: input.spuId,
          skuId: input.skuId ?? null,
          nickname: input.nickname,
          ...reviewOf(input, picUrls),
        }),
      );
      return ok(created, MSG_ADDED);
    },
  );
}
