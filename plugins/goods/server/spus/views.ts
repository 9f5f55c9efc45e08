import { sql, type Kysely } from 'kysely';
import { GOODS_METRICS, type FactRow, type FactSource } from '../../../../server/contracts/report-facts';
import type { Database } from '../../../../server/kit';

/**
 * 商品浏览 for the 商品报表 (docs/reference/business-domains.md §6 per-SPU figures): every member view of an SPU's detail is
 * counted in `goods_spu_view` (tenant, shop-zone day, SPU, member → views), and the fact source reads
 * it per day and SPU: 浏览量 = Σ views, 访客数 = the distinct members that viewed the SPU that day (a
 * range sums the days, as Y's ProductStatistics does).
 */

/**
 * Counts one view of an SPU's detail by a member, in one statement (an upsert on the day's row). The
 * day is the shop zone's. A failure is handed to `onError` and never reaches the caller: a lost view
 * must not fail the shopper's request.
 */
export async function recordSpuView(db: Kysely<Database>, view: { tenantId: number; spuId: string; memberId: string; timeZone: string }, onError: (error: unknown) => void): Promise<void> {
  try {
    await sql`insert into goods_spu_view (tenant_id, day, spu_id, member_id, views)
      values (${view.tenantId}, (now() at time zone ${view.timeZone})::date, ${view.spuId}, ${view.memberId}, 1)
      on conflict (tenant_id, day, spu_id, member_id) do update set views = goods_spu_view.views + 1`.execute(db);
  } catch (error) {
    onError(error);
  }
}

export const spuViewFacts: FactSource = {
  name: 'goods.spuViews',
  metrics: [
    { name: GOODS_METRICS.views, kind: 'sum', title: '浏览量（会员查看商品详情的次数）' },
    { name: GOODS_METRICS.visitors, kind: 'sum', title: '访客数（每天查看该商品详情的不同会员数，按天相加）' },
  ],
  firstDay: async (db, tenantId) => {
    const found = await sql<{ day: string | null }>`select to_char(min(day), 'YYYY-MM-DD') as day from goods_spu_view where tenant_id = ${tenantId}`.execute(db);
    return found.rows[0]?.day ?? null;
  },
  collect: async (db, range) => {
    const found = await sql<{ day: string; spu_id: string; views: string; visitors: string }>`select to_char(day, 'YYYY-MM-DD') as day, spu_id,
        sum(views)::text as views, count(*)::text as visitors
      from goods_spu_view where tenant_id = ${range.tenantId} and day >= ${range.from}::date and day <= ${range.to}::date
      group by day, spu_id`.execute(db);
    return found.rows.flatMap((row): FactRow[] => [
      { day: row.day, metric: GOODS_METRICS.views, dim: row.spu_id, value: row.views },
      { day: row.day, metric: GOODS_METRICS.visitors, dim: row.spu_id, value: row.visitors },
    ]);
  },
};
