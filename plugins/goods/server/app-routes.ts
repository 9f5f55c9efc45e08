import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { PageResult } from '../../../src/contracts/entity';
import { businessError, escapeLike, Id, Int, Line, ok, query, unauthorized } from '../../../server/kit';
import { SPU_STATUS } from '../entities';
import { decimalOnWire, skusOf } from './spus/sku-reads';
import { recordSpuView } from './spus/views';

/**
 * The mini-program's shop front (docs/business-api.md "The mini-program"): on-shelf goods of the member's shop
 * (the tenant in the member token) with their available stock (stock − reserved). Member routes: the
 * shop front is browsed signed in, like the rest of /app/, and a staff token never opens it.
 */

export const MSG_GOODS_UNAVAILABLE = '商品不存在或已下架';
const MAX_PAGE_SIZE = 100;

export interface AppSpuSummary {
  id: string;
  name: string;
  introduction: string | null;
  picUrl: string | null;
  price: number;
  marketPrice: number;
  /** Real plus virtual sales. */
  salesCount: number;
  /** Available: Σ (stock − lockStock) of its SKUs. */
  stock: number;
}

interface SummaryRow {
  id: string;
  name: string;
  introduction: string | null;
  pic_url: string | null;
  price: string;
  market_price: string;
  sales_count: number;
  stock: number;
}

function tenantOf(request: FastifyRequest): number {
  if (request.member === null) throw unauthorized();
  return request.member.tenantId;
}

const toSummary = (row: SummaryRow): AppSpuSummary => ({
  id: row.id,
  name: row.name,
  introduction: row.introduction,
  picUrl: row.pic_url,
  price: decimalOnWire(row.price) ?? 0,
  marketPrice: decimalOnWire(row.market_price) ?? 0,
  salesCount: row.sales_count,
  stock: row.stock,
});

const commaList = (value: string | null) => (value ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');

export function registerGoodsAppRoutes(api: FastifyInstance): void {
  const db = api.db;
  const memberOnly = { config: { access: 'member' as const } };

  api.get<{ Querystring: { pageNo?: number; pageSize?: number; categoryId?: string; keyword?: string } }>(
    '/app/goods/spu/page',
    {
      ...memberOnly,
      schema: {
        querystring: query({
          pageNo: Type.Optional(Int(1, 1_000_000)),
          pageSize: Type.Optional(Int(1, MAX_PAGE_SIZE)),
          categoryId: Type.Optional(Type.Union([Id, Type.Literal('')])),
          keyword: Type.Optional(Line(100)),
          _t: Type.Optional(Line(32)),
        }),
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      const pageNo = request.query.pageNo ?? 1;
      const pageSize = request.query.pageSize ?? 10;
      const conditions = [sql`s.tenant_id = ${tenantId}`, sql`s.status = ${SPU_STATUS.onShelf}`];
      const categoryId = request.query.categoryId ?? '';
      if (categoryId !== '') {
        // A category and everything under it (the tree is at most three levels deep).
        conditions.push(sql`s.category_id in (with recursive tree(id, depth) as (
            select id, 1 from goods_category where id = ${categoryId}
            union all select c.id, t.depth + 1 from goods_category c join tree t on c.parent_id = t.id where t.depth < 5)
          select id from tree)`);
      }
      const keyword = request.query.keyword?.trim() ?? '';
      if (keyword !== '') {
        const pattern = `%${escapeLike(keyword)}%`;
        conditions.push(sql`(s.name like ${pattern} or coalesce(s.keyword, '') like ${pattern})`);
      }
      const where = sql.join(conditions, sql` and `);
      const total = (await sql<{ n: number }>`select count(*)::int as n from goods_spu s where ${where}`.execute(db)).rows[0]?.n ?? 0;
      const rows = await sql<SummaryRow>`select s.id, s.name, s.introduction, s.pic_url, s.price, s.market_price,
          s.sales_count + s.virtual_sales_count as sales_count,
          coalesce((select sum(k.stock - k.lock_stock) from goods_sku k where k.spu_id = s.id and k.tenant_id = s.tenant_id), 0)::int as stock
        from goods_spu s where ${where} order by s.sort desc, s.create_time desc, s.id desc
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(db);
      const page: PageResult<AppSpuSummary> = { records: rows.rows.map(toSummary), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
      return ok(page);
    },
  );

  api.get<{ Querystring: { id: string } }>('/app/goods/spu/detail', { ...memberOnly, schema: { querystring: query({ id: Id }) } }, async (request) => {
    const tenantId = tenantOf(request);
    const id = request.query.id;
    // Every view counts (浏览量); only on-shelf goods are shown.
    const found = await sql<SummaryRow & { slider_pic_urls: string | null; description: string | null; category_id: string; brand_id: string | null; spec_type: string; delivery_types: string | null }>`
      update goods_spu s set browse_count = s.browse_count + 1 where s.id = ${id} and s.tenant_id = ${tenantId} and s.status = ${SPU_STATUS.onShelf}
      returning s.id, s.name, s.introduction, s.pic_url, s.price, s.market_price, s.sales_count + s.virtual_sales_count as sales_count, s.stock,
        s.slider_pic_urls, s.description, s.category_id, s.brand_id, s.spec_type, s.delivery_types`.execute(db);
    const row = found.rows[0];
    if (row === undefined) throw businessError(MSG_GOODS_UNAVAILABLE);
    // 商品报表's 浏览量 / 访客数: the member's view of the day (never fails the request).
    if (request.member !== null) {
      await recordSpuView(db, { tenantId, spuId: id, memberId: request.member.memberId, timeZone: api.appConfig.shopTimeZone }, (error) => request.log.error({ err: error }, 'SPU view not recorded'));
    }
    const skus = (await skusOf(db, tenantId, [id])).map((sku) => ({
      id: sku.id,
      properties: sku.properties,
      specText: sku.specText,
      picUrl: sku.shownPicUrl,
      price: sku.price,
      marketPrice: sku.marketPrice,
      stock: sku.stock - sku.lockStock,
    }));
    return ok({
      ...toSummary(row),
      stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
      sliderPicUrls: commaList(row.slider_pic_urls),
      description: row.description,
      categoryId: row.category_id,
      brandId: row.brand_id,
      specType: row.spec_type,
      deliveryTypes: commaList(row.delivery_types),
      skus,
    });
  });
}
