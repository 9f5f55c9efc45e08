import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PageResult } from '../../../src/contracts/entity';
import { businessError, formatShopTime, type Database } from '../../../server/kit';
import { BAD_SCORE_UNTIL, GOOD_SCORE_FROM } from '../entities';
import { maskedName } from './text';
import { REVIEW_UPLOAD_BIZ } from './uploads';

/**
 * The buyers' side of the reviews (`/app/review/page`): a goods' visible reviews, newest first, with its figures. An
 * anonymous review shows a masked name; nothing tells a 虚拟评价 or a default review from a buyer's own but its words,
 * and no member id or order leaves the server.
 */

export const MSG_IMAGE_UNKNOWN = '图片不存在，请重新上传';

/** The tabs of the buyers' list: 全部, 好评 (4–5 stars), 中评 (3), 差评 (1–2), 有图. */
export const APP_REVIEW_TYPES = ['all', 'good', 'medium', 'bad', 'image'] as const;
export type AppReviewType = (typeof APP_REVIEW_TYPES)[number];

export interface AppReview {
  id: string;
  nickname: string;
  anonymous: boolean;
  goodsScore: number;
  serviceScore: number;
  deliveryScore: number;
  content: string;
  picUrls: string[];
  specText: string;
  /** On the shop's clock, `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  replyContent: string | null;
  replyTime: string | null;
}

/** A goods' figures over its visible reviews. */
export interface ReviewSummary {
  /** Average 商品评分, one decimal (0 without reviews). */
  score: number;
  reviewCount: number;
  goodCount: number;
  /** 好评率: good ÷ all, whole percent (100 without reviews, as shops show it). */
  goodPercent: number;
  imageCount: number;
}

interface ReviewRow {
  id: string;
  nickname: string;
  anonymous: boolean;
  goods_score: number;
  service_score: number;
  delivery_score: number;
  content: string;
  pic_urls: string | null;
  spec_text: string;
  create_time: Date;
  reply_content: string | null;
  reply_time: Date | null;
}

function typeCondition(type: AppReviewType): RawBuilder<unknown> {
  switch (type) {
    case 'good':
      return sql`goods_score >= ${GOOD_SCORE_FROM}`;
    case 'medium':
      return sql`goods_score > ${BAD_SCORE_UNTIL} and goods_score < ${GOOD_SCORE_FROM}`;
    case 'bad':
      return sql`goods_score <= ${BAD_SCORE_UNTIL}`;
    case 'image':
      return sql`has_images`;
    default:
      return sql`true`;
  }
}

/** The goods' figures (zeros and 100 % before its first review). */
export async function reviewSummary(db: Kysely<Database>, tenantId: number, spuId: string): Promise<ReviewSummary> {
  const found = await sql<{ score: string; review_count: number; good_count: number; image_count: number }>`select score::text as score, review_count, good_count, image_count
    from review_spu_stat where tenant_id = ${tenantId} and spu_id = ${spuId}`.execute(db);
  const row = found.rows[0];
  if (row === undefined || row.review_count === 0) return { score: 0, reviewCount: 0, goodCount: 0, goodPercent: 100, imageCount: 0 };
  return {
    score: Number(row.score),
    reviewCount: row.review_count,
    goodCount: row.good_count,
    // Whole percent, rounded half up on exact integers (never a float's rounding).
    goodPercent: Math.floor((row.good_count * 200 + row.review_count) / (row.review_count * 2)),
    imageCount: row.image_count,
  };
}

/** A page of a goods' visible reviews for buyers, with the goods' figures. */
export async function appReviewPage(
  db: Kysely<Database>,
  tenantId: number,
  spuId: string,
  page: { pageNo: number; pageSize: number; type: AppReviewType },
): Promise<PageResult<AppReview> & { summary: ReviewSummary }> {
  const where = sql`tenant_id = ${tenantId} and spu_id = ${spuId} and visible and ${typeCondition(page.type)}`;
  const counted = await sql<{ n: number }>`select count(*)::int as n from review_comment where ${where}`.execute(db);
  const total = counted.rows[0]?.n ?? 0;
  const rows = await sql<ReviewRow>`select id, nickname, anonymous, goods_score, service_score, delivery_score, content, pic_urls, spec_text, create_time,
      reply_content, reply_time
    from review_comment where ${where} order by create_time desc, id desc limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`.execute(db);
  const records = rows.rows.map(
    (row): AppReview => ({
      id: row.id,
      nickname: row.anonymous ? maskedName(row.nickname) : row.nickname,
      anonymous: row.anonymous,
      goodsScore: row.goods_score,
      serviceScore: row.service_score,
      deliveryScore: row.delivery_score,
      content: row.content,
      picUrls: (row.pic_urls ?? '').split(',').filter((path) => path !== ''),
      specText: row.spec_text,
      createTime: formatShopTime(row.create_time),
      replyContent: row.reply_content,
      replyTime: row.reply_time === null ? null : formatShopTime(row.reply_time),
    }),
  );
  return { records, total, size: page.pageSize, current: page.pageNo, pages: Math.ceil(total / page.pageSize), summary: await reviewSummary(db, tenantId, spuId) };
}

/**
 * The pictures a review names must be stored files of the shop (sys_file), uploaded by the member `uploader` (a member's
 * id) through `/app/review/upload` when one is named; otherwise any of the shop's uploads (staff).
 */
export async function checkStoredImages(db: Kysely<Database>, tenantId: number, paths: readonly string[], uploader: string | null): Promise<void> {
  const unique = [...new Set(paths.map((path) => path.trim()).filter((path) => path !== ''))];
  if (unique.length === 0) return;
  // A member's picture: uploaded through the review upload under the member's id (server/uploads.ts).
  const byUploader = uploader === null ? sql`true` : sql`create_by = ${uploader} and biz = ${REVIEW_UPLOAD_BIZ}`;
  const found = await sql<{ file_key: string }>`select distinct file_key from sys_file
    where tenant_id = ${tenantId} and file_key in (${sql.join(unique)}) and ${byUploader}`.execute(db);
  if (found.rows.length < unique.length) throw businessError(MSG_IMAGE_UNKNOWN);
}
