/**
 * 商品SPU list: the 创建时间 range filter (docs/reference/business-domains.md §2 "Filters: 名称, 分类, 创建时间"), sent as
 * `createdTime_begin` / `createdTime_end` (a bare date covers the whole day), combined with the other
 * filters and the status tabs, refused when malformed, and served from the (tenant, create_time) index.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { useDemoServer } from '../../../../tests/server/helpers';
import type { SpuRecord } from '../../entities';
import { addSpu, adminCaller, colourSize, freshLeafCategory, multiSpu, SPU } from './goods-helpers';

const demo = useDemoServer();
let category = '';
let march15 = '';
let march17 = '';
let today = '';

const names = async (query: string) => {
  const listed = await adminCaller(demo)<PageResult<SpuRecord>>('GET', `${SPU}/list?categoryId=${category}&${query}`);
  return { status: listed.status, body: listed.body, ids: (listed.body.result?.records ?? []).map((record) => record.id).sort() };
};

beforeAll(async () => {
  category = await freshLeafCategory(demo);
  const spu = async (status: string) => (await addSpu(demo, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 10, stock: 1 }], { status }))).id;
  march15 = await spu('1');
  march17 = await spu('0');
  today = await spu('1');
  // Backdated as a shop that has been selling for a year would have them.
  await sql`update goods_spu set create_time = '2025-03-15 10:00:00'::timestamp where id = ${march15}`.execute(demo.app.db);
  await sql`update goods_spu set create_time = '2025-03-17 10:00:00'::timestamp where id = ${march17}`.execute(demo.app.db);
});

describe('SPU list: 创建时间 range', () => {
  it('takes whole days for bare dates, either bound alone, and exact times', async () => {
    expect((await names('createdTime_begin=2025-03-15&createdTime_end=2025-03-15')).ids).toEqual([march15]);
    expect((await names('createdTime_begin=2025-03-15&createdTime_end=2025-03-17')).ids).toEqual([march15, march17].sort());
    expect((await names('createdTime_begin=2025-03-16')).ids).toEqual([march17, today].sort());
    expect((await names('createdTime_end=2025-03-16')).ids).toEqual([march15]);
    expect((await names(`createdTime_begin=${encodeURIComponent('2025-03-15 10:00:01')}&createdTime_end=2025-03-17`)).ids).toEqual([march17]);
    expect((await names('createdTime_begin=2025-03-18&createdTime_end=2025-03-20')).ids).toEqual([]);
    // Without the filter all three show.
    expect((await names('pageSize=10')).ids).toHaveLength(3);
  });

  it('combines with the status tabs and the sort, and the rows carry their create time', async () => {
    expect((await names('createdTime_begin=2025-03-01&createdTime_end=2025-03-31&status=1')).ids).toEqual([march15]);
    expect((await names('createdTime_begin=2025-03-01&createdTime_end=2025-03-31&status=1,0')).ids).toEqual([march15, march17].sort());
    const sorted = await adminCaller(demo)<PageResult<SpuRecord>>('GET', `${SPU}/list?categoryId=${category}&createdTime_begin=2025-03-01&column=createTime&order=asc`);
    expect(sorted.body.result.records.map((record) => [record.id, record.createdTime === record.createTime])).toEqual([
      [march15, true],
      [march17, true],
      [today, true],
    ]);
    expect(sorted.body.result.records[0]?.createTime).toBe('2025-03-15 10:00:00');
  });

  it('refuses a malformed bound with a 400 naming it, never a 500', async () => {
    const bad = await names('createdTime_begin=2025-13-40');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('createdTime_begin');
    expect((await names('createdTime_end=yesterday')).status).toBe(400);
  });

  it('is served by the index on (tenant, create_time) with the default sort', async () => {
    const plan = await demo.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from goods_spu where tenant_id = 1
        and create_time >= '2025-03-01 00:00:00' and create_time <= '2025-03-31 23:59:59' order by create_time desc, id desc limit 10`.execute(trx);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan( Backward)? using goods_spu_\w*create_time\w*/);
    expect(plan).not.toContain('Sort');
  });
});
