import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OperatingCounter } from '../../../server/contracts/report-facts';
import type { Database } from '../../../server/kit';
import { SPU_STATUS } from '../entities';

/**
 * The goods' operating figures on the dashboards, each the count of a tab of 商品SPU (docs/reference/business-domains.md §2:
 * 出售中 status 1, 仓库中 status 0, 警戒库存 status in (0,1) with some SKU at or below its own threshold —
 * `low_stock_alert`, kept by the stock service with every move), behind the SPU list's permission.
 */

const SPU_LIST = '/goods/goodsSpuList';
const SPU_LIST_PERMISSION = 'goods:spu:list';

async function spuCount(db: Kysely<Database>, tenantId: number, where: RawBuilder<boolean>): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from goods_spu where tenant_id = ${tenantId} and ${where}`.execute(db);
  return found.rows[0]?.n ?? 0;
}

export const goodsCounters: OperatingCounter[] = [
  {
    key: 'goods.lowStock',
    title: '库存预警',
    group: 'operation',
    permission: SPU_LIST_PERMISSION,
    link: `${SPU_LIST}?tab=alert`,
    count: (db, tenantId) => spuCount(db, tenantId, sql<boolean>`status in (${SPU_STATUS.onShelf}, ${SPU_STATUS.offShelf}) and low_stock_alert`),
  },
  {
    key: 'goods.onSale',
    title: '上架商品',
    group: 'operation',
    permission: SPU_LIST_PERMISSION,
    link: `${SPU_LIST}?tab=onSale`,
    count: (db, tenantId) => spuCount(db, tenantId, sql<boolean>`status = ${SPU_STATUS.onShelf}`),
  },
  {
    key: 'goods.warehouse',
    title: '仓库商品',
    group: 'operation',
    permission: SPU_LIST_PERMISSION,
    link: `${SPU_LIST}?tab=warehouse`,
    count: (db, tenantId) => spuCount(db, tenantId, sql<boolean>`status = ${SPU_STATUS.offShelf}`),
  },
];
