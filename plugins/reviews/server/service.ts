import { sql, type Kysely, type Transaction } from 'kysely';
import { businessError, isUniqueViolation, newId, type AppContext, type Database, type StaffActor } from '../../../server/kit';
import type { MemberService } from '../../../server/contracts/members';
import type { OrderItemFacts, OrderItemService } from '../../../server/contracts/order-items';
import type { StockService } from '../../../server/contracts/stock';
import { GOOD_SCORE_FROM, MAX_REVIEW_IMAGES, MAX_REVIEW_TEXT, REVIEW_SOURCE, SCORE_MAX, SCORE_MIN, type ReviewSource } from '../entities';
import { isImagePath, lengthOf, plainText } from './text';

/**
 * 商品评价's rules (docs/reference/business-domains.md §3): a member reviews a line of their own completed order, once;
 * the shop replies (one reply, which it may edit), hides and shows reviews, and adds 虚拟评价 for a goods; the auto job
 * gives the default good review (server/jobs.ts). The goods' figures in review_spu_stat (count, 商品评分 sum and average
 * to one decimal, 好评 and picture counts) move in the same transaction as the review that moves them, under the stat
 * row's lock (an upsert, or an update for a decrease), so they stay exact whatever runs at once. Only visible reviews count.
 */

export const MSG_ITEM_NOT_FOUND = '订单商品不存在';
export const MSG_ORDER_NOT_COMPLETED = '订单未完成，暂不能评价';
export const MSG_ALREADY_REVIEWED = '该商品已评价';
export const MSG_SCORE_RANGE = `评分须为 ${SCORE_MIN} 到 ${SCORE_MAX} 的整数`;
export const MSG_CONTENT_REQUIRED = '请填写评价内容';
export const MSG_CONTENT_TOO_LONG = `评价内容不能超过 ${MAX_REVIEW_TEXT} 字`;
export const MSG_TOO_MANY_IMAGES = `最多上传 ${MAX_REVIEW_IMAGES} 张图片`;
export const MSG_IMAGE_INVALID = '图片地址无效';
export const MSG_REVIEW_NOT_FOUND = '评价不存在';
export const MSG_REPLY_REQUIRED = '请填写回复内容';
export const MSG_REPLY_TOO_LONG = `回复内容不能超过 ${MAX_REVIEW_TEXT} 字`;
export const MSG_ALREADY_HIDDEN = '该评价已隐藏';
export const MSG_ALREADY_SHOWN = '该评价已显示';
export const MSG_GOODS_NOT_FOUND = '商品不存在';
export const MSG_SKU_NOT_OF_GOODS = '规格不属于该商品';
export const MSG_NICKNAME_REQUIRED = '请填写评价人昵称';
export const MSG_NICKNAME_TOO_LONG = '评价人昵称不能超过 64 字';
/** The text of the default good review. */
export const MSG_DEFAULT_REVIEW = '系统默认好评';

/** The other plugins' services a review needs, looked up when it runs (server/plugin-services.ts). */
export interface ReviewDeps {
  orderItems: OrderItemService;
  members: MemberService;
  stock: StockService;
}

export function reviewDeps(ctx: Pick<AppContext, 'services'>): ReviewDeps {
  return { orderItems: ctx.services.get('orderItems'), members: ctx.services.get('members'), stock: ctx.services.get('stock') };
}

export interface ReviewScores {
  goodsScore: number;
  serviceScore: number;
  deliveryScore: number;
}

export interface ReviewWords extends ReviewScores {
  content: string;
  /** Stored picture paths, at most nine. */
  picUrls: readonly string[];
  anonymous: boolean;
}

export interface BuyerReviewInput extends ReviewWords {
  orderItemId: string;
}

export interface VirtualReviewInput extends ReviewWords {
  spuId: string;
  /** A SKU of the goods, or none. */
  skuId: string | null;
  nickname: string;
}

/** When a review or reply is written (the demo's, at their own dates); absent: now. */
export interface At {
  at?: Date;
}

function checkScores(scores: ReviewScores): void {
  for (const score of [scores.goodsScore, scores.serviceScore, scores.deliveryScore]) {
    if (!Number.isInteger(score) || score < SCORE_MIN || score > SCORE_MAX) throw businessError(MSG_SCORE_RANGE);
  }
}

/** The text as stored: plain, not empty, at most 500 characters. */
export function checkedText(input: string, required: string, tooLong: string): string {
  const text = plainText(input);
  if (text === '') throw businessError(required);
  if (lengthOf(text) > MAX_REVIEW_TEXT) throw businessError(tooLong);
  return text;
}

/** The pictures as stored: trimmed, each once, at most nine, each a stored image's path. */
export function checkedImages(paths: readonly string[]): string[] {
  const images = [...new Set(paths.map((path) => path.trim()).filter((path) => path !== ''))];
  if (images.length > MAX_REVIEW_IMAGES) throw businessError(MSG_TOO_MANY_IMAGES);
  if (images.some((path) => !isImagePath(path))) throw businessError(MSG_IMAGE_INVALID);
  return images;
}

interface NewReview extends ReviewScores {
  tenantId: number;
  spuId: string;
  spuName: string;
  skuId: string | null;
  specText: string;
  orderId: string | null;
  orderItemId: string | null;
  memberId: string | null;
  nickname: string;
  anonymous: boolean;
  source: ReviewSource;
  content: string;
  images: readonly string[];
  at: Date | null;
  operator: string | null;
}

/** What moves the goods' figures: one review counted in (+1) or out (−1). */
interface Counted {
  spuId: string;
  goodsScore: number;
  hasImages: boolean;
}

/**
 * Adds a visible review to its goods' figures (sign +1: the row is made at the goods' first review) or takes a hidden
 * one out (−1: an update of the row its review was counted in), under the stat row's lock either way.
 */
async function moveSpuFigures(trx: Transaction<Database>, tenantId: number, review: Counted, sign: 1 | -1, operator: string | null): Promise<void> {
  const sum = sign * review.goodsScore;
  const good = review.goodsScore >= GOOD_SCORE_FROM ? sign : 0;
  const images = review.hasImages ? sign : 0;
  if (sign === 1) {
    await sql`insert into review_spu_stat as s (id, tenant_id, spu_id, review_count, score_sum, good_count, image_count, score, create_by)
      values (${newId()}, ${tenantId}, ${review.spuId}, 1, ${sum}::int, ${good}::int, ${images}::int, ${sum}::int, ${operator})
      on conflict (tenant_id, spu_id) do update set
        review_count = s.review_count + 1,
        score_sum = s.score_sum + excluded.score_sum,
        good_count = s.good_count + excluded.good_count,
        image_count = s.image_count + excluded.image_count,
        score = round((s.score_sum + excluded.score_sum)::numeric / (s.review_count + 1), 1),
        update_by = ${operator}, update_time = now()`.execute(trx);
    return;
  }
  // A proposed insert row is checked before its conflict is found: a decrease is an update, never an upsert.
  const updated = await sql<{ id: string }>`update review_spu_stat as s set
      review_count = s.review_count - 1,
      score_sum = s.score_sum + ${sum}::int,
      good_count = s.good_count + ${good}::int,
      image_count = s.image_count + ${images}::int,
      score = case when s.review_count = 1 then 0 else round((s.score_sum + ${sum}::int)::numeric / (s.review_count - 1), 1) end,
      update_by = ${operator}, update_time = now()
    where s.tenant_id = ${tenantId} and s.spu_id = ${review.spuId} returning s.id`.execute(trx);
  if (updated.rows.length === 0) throw new Error(`review_spu_stat has no row for the goods ${review.spuId} a review was counted in`);
}

async function reviewOfItem(db: Kysely<Database>, tenantId: number, itemId: string): Promise<string | undefined> {
  const found = await sql<{ id: string }>`select id from review_comment where tenant_id = ${tenantId} and order_item_id = ${itemId}`.execute(db);
  return found.rows[0]?.id;
}

/** Writes a review (visible) and counts it in its goods' figures. */
async function insertReview(trx: Transaction<Database>, review: NewReview): Promise<string> {
  const id = newId();
  const at = review.at === null ? sql`now()` : sql`${review.at}::timestamptz`;
  try {
    // A savepoint: a line reviewed meanwhile (the unique index) is refused with its message, the caller's transaction intact.
    await sql`savepoint review_insert`.execute(trx);
    await sql`insert into review_comment (id, tenant_id, spu_id, spu_name, sku_id, spec_text, order_id, order_item_id, member_id, nickname, anonymous, source,
        goods_score, service_score, delivery_score, content, pic_urls, has_images, visible, create_by, create_time)
      values (${id}, ${review.tenantId}, ${review.spuId}, ${review.spuName}, ${review.skuId}, ${review.specText}, ${review.orderId}, ${review.orderItemId},
        ${review.memberId}, ${review.nickname}, ${review.anonymous}, ${review.source}, ${review.goodsScore}, ${review.serviceScore}, ${review.deliveryScore},
        ${review.content}, ${review.images.length === 0 ? null : review.images.join(',')}, ${review.images.length > 0}, true, ${review.operator}, ${at})`.execute(trx);
    await sql`release savepoint review_insert`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint review_insert`.execute(trx);
    if (isUniqueViolation(error)) throw businessError(MSG_ALREADY_REVIEWED);
    throw error;
  }
  await moveSpuFigures(trx, review.tenantId, { spuId: review.spuId, goodsScore: review.goodsScore, hasImages: review.images.length > 0 }, 1, review.operator);
  return id;
}

/** The line a member may review: of their own order (another's answers as unknown), the order 已完成, not reviewed yet. */
async function reviewableItem(trx: Transaction<Database>, deps: ReviewDeps, tenantId: number, memberId: string, itemId: string): Promise<OrderItemFacts> {
  const item = await deps.orderItems.item(trx, tenantId, itemId);
  if (item === undefined || item.memberId !== memberId) throw businessError(MSG_ITEM_NOT_FOUND);
  if (!item.completed) throw businessError(MSG_ORDER_NOT_COMPLETED);
  if ((await reviewOfItem(trx, tenantId, itemId)) !== undefined) throw businessError(MSG_ALREADY_REVIEWED);
  return item;
}

async function memberName(trx: Transaction<Database>, deps: ReviewDeps, tenantId: number, memberId: string): Promise<string> {
  const member = await deps.members.summary(trx, tenantId, memberId);
  return (member?.name ?? '').trim().slice(0, 64);
}

function reviewOfLine(item: OrderItemFacts, nickname: string): Pick<NewReview, 'tenantId' | 'spuId' | 'spuName' | 'skuId' | 'specText' | 'orderId' | 'orderItemId' | 'memberId' | 'nickname'> {
  return {
    tenantId: item.tenantId,
    spuId: item.spuId,
    spuName: item.spuName.slice(0, 128),
    skuId: item.skuId,
    specText: item.specText.slice(0, 255),
    orderId: item.orderId,
    orderItemId: item.itemId,
    memberId: item.memberId,
    nickname,
  };
}

/**
 * A member reviews a line of their completed order (`/app/review/create`): scores 1–5, plain text of at most 500
 * characters, up to nine pictures (the route checks they are the member's uploads), anonymous or not.
 */
export async function createBuyerReview(trx: Transaction<Database>, deps: ReviewDeps, me: { tenantId: number; memberId: string }, input: BuyerReviewInput, when: At = {}): Promise<{ id: string }> {
  checkScores(input);
  const content = checkedText(input.content, MSG_CONTENT_REQUIRED, MSG_CONTENT_TOO_LONG);
  const images = checkedImages(input.picUrls);
  const item = await reviewableItem(trx, deps, me.tenantId, me.memberId, input.orderItemId);
  const id = await insertReview(trx, {
    ...reviewOfLine(item, await memberName(trx, deps, me.tenantId, me.memberId)),
    anonymous: input.anonymous,
    source: REVIEW_SOURCE.buyer,
    goodsScore: input.goodsScore,
    serviceScore: input.serviceScore,
    deliveryScore: input.deliveryScore,
    content,
    images,
    at: when.at ?? null,
    operator: null,
  });
  return { id };
}

/**
 * 系统默认好评 of a line nobody reviewed in time: five stars each, the default text, shown anonymously (the words are
 * not the buyer's). Returns false when the line is not due one (no buyer, not completed, reviewed meanwhile).
 */
export async function giveDefaultReview(trx: Transaction<Database>, deps: ReviewDeps, item: OrderItemFacts): Promise<boolean> {
  if (item.memberId === null || !item.completed) return false;
  if ((await reviewOfItem(trx, item.tenantId, item.itemId)) !== undefined) return false;
  await insertReview(trx, {
    ...reviewOfLine(item, await memberName(trx, deps, item.tenantId, item.memberId)),
    anonymous: true,
    source: REVIEW_SOURCE.system,
    goodsScore: SCORE_MAX,
    serviceScore: SCORE_MAX,
    deliveryScore: SCORE_MAX,
    content: MSG_DEFAULT_REVIEW,
    images: [],
    at: null,
    operator: 'system',
  });
  return true;
}

/**
 * 添加虚拟评价: a review the shop writes for a goods (and optionally one of its SKUs) under a name it chooses. Buyers
 * see it as any other review; staff see it marked 虚拟评价 (source 3). The route checks the pictures are the shop's.
 */
export async function createVirtualReview(trx: Transaction<Database>, deps: ReviewDeps, actor: StaffActor, input: VirtualReviewInput, when: At = {}): Promise<{ id: string }> {
  checkScores(input);
  const nickname = plainText(input.nickname).replace(/\s+/g, ' ');
  if (nickname === '') throw businessError(MSG_NICKNAME_REQUIRED);
  if (lengthOf(nickname) > 64) throw businessError(MSG_NICKNAME_TOO_LONG);
  const content = checkedText(input.content, MSG_CONTENT_REQUIRED, MSG_CONTENT_TOO_LONG);
  const images = checkedImages(input.picUrls);
  const spu = (await deps.stock.spus(trx, actor.tenantId, [input.spuId]))[0];
  if (spu === undefined) throw businessError(MSG_GOODS_NOT_FOUND);
  let specText = '';
  if (input.skuId !== null) {
    const sku = (await deps.stock.snapshots(trx, actor.tenantId, [input.skuId]))[0];
    if (sku === undefined || sku.spuId !== spu.spuId) throw businessError(MSG_SKU_NOT_OF_GOODS);
    specText = sku.specText;
  }
  const id = await insertReview(trx, {
    tenantId: actor.tenantId,
    spuId: spu.spuId,
    spuName: spu.name.slice(0, 128),
    skuId: input.skuId,
    specText: specText.slice(0, 255),
    orderId: null,
    orderItemId: null,
    memberId: null,
    nickname,
    anonymous: input.anonymous,
    source: REVIEW_SOURCE.virtual,
    goodsScore: input.goodsScore,
    serviceScore: input.serviceScore,
    deliveryScore: input.deliveryScore,
    content,
    images,
    at: when.at ?? null,
    operator: actor.operator,
  });
  return { id };
}

/** 回复 or 修改回复: a review has one reply; writing again replaces it (with its time and author). */
export async function replyReview(trx: Transaction<Database>, actor: StaffActor, id: string, input: string, when: At = {}): Promise<void> {
  const content = checkedText(input, MSG_REPLY_REQUIRED, MSG_REPLY_TOO_LONG);
  const at = when.at === undefined ? sql`now()` : sql`${when.at}::timestamptz`;
  const updated = await sql<{ id: string }>`update review_comment set replied = true, reply_content = ${content}, reply_time = ${at}, reply_by = ${actor.operator},
      update_by = ${actor.operator}, update_time = now()
    where id = ${id} and tenant_id = ${actor.tenantId} returning id`.execute(trx);
  if (updated.rows.length === 0) throw businessError(MSG_REVIEW_NOT_FOUND);
}

/**
 * 隐藏 / 显示: a hidden review leaves the buyers' list and its goods' score and count; shown again, it comes back. Guarded
 * on the current state (the update's WHERE), so two clicks never count a review twice.
 */
export async function setReviewVisible(trx: Transaction<Database>, actor: StaffActor, id: string, visible: boolean): Promise<void> {
  const changed = await sql<{ spu_id: string; goods_score: number; has_images: boolean }>`update review_comment set visible = ${visible},
      update_by = ${actor.operator}, update_time = now()
    where id = ${id} and tenant_id = ${actor.tenantId} and visible = ${!visible} returning spu_id, goods_score, has_images`.execute(trx);
  const review = changed.rows[0];
  if (review === undefined) {
    const found = await sql<{ id: string }>`select id from review_comment where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
    if (found.rows.length === 0) throw businessError(MSG_REVIEW_NOT_FOUND);
    throw businessError(visible ? MSG_ALREADY_SHOWN : MSG_ALREADY_HIDDEN);
  }
  await moveSpuFigures(trx, actor.tenantId, { spuId: review.spu_id, goodsScore: review.goods_score, hasImages: review.has_images }, visible ? 1 : -1, actor.operator);
}

/** The order lines among these that have a review, as `tenant:line`. */
export async function reviewedLines(db: Kysely<Database>, items: readonly OrderItemFacts[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const found = await sql<{ tenant_id: number; order_item_id: string }>`select tenant_id, order_item_id from review_comment
    where order_item_id in (${sql.join(items.map((item) => item.itemId))})`.execute(db);
  return new Set(found.rows.map((row) => `${row.tenant_id}:${row.order_item_id}`));
}
