/** Coupon packets (issue #14): issue rules and the one-transaction issue. */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { couponTemplate, memberPoint, shopper, T1, unusedCoupons, wireTime } from './campaign-helpers';

const demo = useDemoServer();
const admin = (body?: unknown) => ({ token: demo.admin, headers: T1, ...(body === undefined ? {} : { body }) });

interface PacketRecord {
  id: string;
  issuedCount: number;
  contents: Array<{ templateId: string; count: number }>;
}

async function addPacket(body: Record<string, unknown>) {
  return call<PacketRecord>(
    demo.app,
    'POST',
    '/api/marketing/couponPackage/add',
    admin({ price: 9.9, point: 0, totalCount: 10, limitPerMember: 0, status: '1', startTime: wireTime(-3600), endTime: wireTime(3600), ...body }),
  );
}

async function packet(body: Record<string, unknown>): Promise<PacketRecord> {
  const added = await addPacket(body);
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return added.body.result;
}

const issue = (id: string, memberId: string) => call<{ recordId: string; no: string; couponIds: string[] }>(demo.app, 'POST', '/api/marketing/couponPackage/issue', admin({ id, memberId }));

describe('coupon packets', () => {
  it('issues every coupon and the points in one go, within the total and the per-member limit', async () => {
    const first = await couponTemplate(demo, `券包A-${Date.now()}`);
    const second = await couponTemplate(demo, `券包B-${Date.now()}`);
    const buyer = await shopper(demo, '13900150001');
    const other = await shopper(demo, '13900150002');
    const third = await shopper(demo, '13900150003');
    const bundle = await packet({
      name: `礼包-${Date.now()}`,
      point: 20,
      totalCount: 2,
      limitPerMember: 1,
      contents: [
        { templateId: first, count: 2 },
        { templateId: second, count: 1 },
      ],
    });
    expect(bundle.contents).toEqual([
      { templateId: first, count: 2 },
      { templateId: second, count: 1 },
    ]);
    const before = await memberPoint(demo, buyer.memberId);
    const issued = await issue(bundle.id, buyer.memberId);
    expect(issued.body).toMatchObject({ success: true, message: '券包发放成功' });
    expect(issued.body.result.couponIds).toHaveLength(3);
    expect(await unusedCoupons(demo, buyer.memberId, first)).toBe(2);
    expect(await unusedCoupons(demo, buyer.memberId, second)).toBe(1);
    expect(await memberPoint(demo, buyer.memberId)).toBe(before + 20);
    const bizIds = await sql<{ biz_id: string }>`select distinct biz_id from cust_coupon where member_id = ${buyer.memberId} and template_id in (${first}, ${second})`.execute(demo.app.db);
    expect(bizIds.rows).toEqual([{ biz_id: issued.body.result.recordId }]);

    expect((await issue(bundle.id, buyer.memberId)).body).toMatchObject({ success: false, message: '每人限购1次，该会员已达上限' });
    expect((await issue(bundle.id, other.memberId)).body.success).toBe(true);
    expect((await issue(bundle.id, third.memberId)).body).toMatchObject({ success: false, message: '券包已发完' });

    const records = await call<{ records: Array<{ no: string; mobile: string; price: number; couponCount: number; point: number }> }>(
      demo.app,
      'GET',
      `/api/marketing/couponPackageRecord/list?packageId=${bundle.id}&column=createTime&order=asc`,
      admin(),
    );
    expect(records.body.result.records.map((record) => [record.mobile, record.price, record.couponCount, record.point])).toEqual([
      ['13900150001', 9.9, 3, 20],
      ['13900150002', 9.9, 3, 20],
    ]);
    expect(records.body.result.records[0]?.no).toMatch(/^CP\d{20}$/);
    const detail = await call<PacketRecord>(demo.app, 'GET', `/api/marketing/couponPackage/queryById?id=${bundle.id}`, admin());
    expect(detail.body.result.issuedCount).toBe(2);
  });

  it('refuses outside the window, when disabled and for another level', async () => {
    const buyer = await shopper(demo, '13900150004');
    const later = await packet({ name: `未开始-${Date.now()}`, point: 5, startTime: wireTime(3600), endTime: wireTime(7200) });
    expect((await issue(later.id, buyer.memberId)).body).toMatchObject({ success: false, message: '券包未到发放时间' });
    const over = await packet({ name: `已结束-${Date.now()}`, point: 5, startTime: wireTime(-7200), endTime: wireTime(-3600) });
    expect((await issue(over.id, buyer.memberId)).body).toMatchObject({ success: false, message: '券包发放已结束' });
    expect((await addPacket({ name: 'x', point: 5, status: '0' })).body).toMatchObject({ success: false, message: '停用券包请填写停用说明' });
    const off = await packet({ name: `停用-${Date.now()}`, point: 5, status: '0', disableReason: '活动调整' });
    expect((await issue(off.id, buyer.memberId)).body).toMatchObject({ success: false, message: '券包已停用，不能发放（活动调整）' });
    const level = await sql<{ id: string }>`select id from cust_level where id not in (select coalesce(level_id, '') from cust_member where id = ${buyer.memberId}) limit 1`.execute(demo.app.db);
    const levelId = level.rows[0]?.id;
    if (levelId !== undefined) {
      const vip = await packet({ name: `等级-${Date.now()}`, point: 5, levelId });
      expect((await issue(vip.id, buyer.memberId)).body).toMatchObject({ success: false, message: '该会员的等级不能领取此券包' });
    }
    // Valid now only (the pickers' filter): the not-started, ended and disabled ones are left out.
    const valid = await call<{ records: Array<{ id: string }> }>(demo.app, 'GET', '/api/marketing/couponPackage/list?valid=1&pageSize=200', admin());
    const ids = valid.body.result.records.map((record) => record.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(over.id);
    expect(ids).not.toContain(off.id);
  });

  it('issues nothing when one coupon of the packet cannot be issued', async () => {
    const plenty = await couponTemplate(demo, `充足-${Date.now()}`);
    const scarce = await couponTemplate(demo, `稀缺-${Date.now()}`, 1);
    const buyer = await shopper(demo, '13900150005');
    const bundle = await packet({
      name: `整体发放-${Date.now()}`,
      point: 10,
      contents: [
        { templateId: plenty, count: 1 },
        { templateId: scarce, count: 2 },
      ],
    });
    const before = await memberPoint(demo, buyer.memberId);
    const refused = await issue(bundle.id, buyer.memberId);
    expect(refused.body.success).toBe(false);
    expect(await unusedCoupons(demo, buyer.memberId, plenty)).toBe(0);
    expect(await memberPoint(demo, buyer.memberId)).toBe(before);
    const records = await sql<{ n: number }>`select count(*)::int as n from mkt_coupon_package_record where package_id = ${bundle.id}`.execute(demo.app.db);
    expect(records.rows[0]?.n).toBe(0);
    const detail = await call<PacketRecord>(demo.app, 'GET', `/api/marketing/couponPackage/queryById?id=${bundle.id}`, admin());
    expect(detail.body.result.issuedCount).toBe(0);
  });

  it('seeds a packet with an issue record', async () => {
    const records = await sql<{ n: number }>`select count(*)::int as n from mkt_coupon_package_record where tenant_id = 1`.execute(demo.app.db);
    expect(records.rows[0]?.n).toBeGreaterThan(0);
  });

  it('exports 券包内容 by the templates’ names and counts, never the stored JSON of ids (issue 32, names)', async () => {
    const stamp = Date.now();
    const first = await couponTemplate(demo, `满100减10-${stamp}`);
    const second = await couponTemplate(demo, `无门槛5元-${stamp}`);
    const name = `导出礼包-${stamp}`;
    const bundle = await packet({ name, point: 0, contents: [{ templateId: first, count: 2 }, { templateId: second, count: 1 }] });
    const pointsOnly = await packet({ name: `${name}-积分`, point: 50, contents: [] });
    const expected = `满100减10-${stamp} ×2、无门槛5元-${stamp} ×1`;

    const detail = await call<Record<string, unknown>>(demo.app, 'GET', `/api/marketing/couponPackage/queryById?id=${bundle.id}`, admin());
    expect(detail.body.result.contents_refText).toBe(expected);

    const response = await demo.app.inject({ method: 'GET', url: `/api/marketing/couponPackage/exportXls?name=${encodeURIComponent(`*${name}*`)}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).map((values) => (Array.isArray(values) ? values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))) : []));
    const header = rows[3] ?? [];
    const at = (column: string) => header.indexOf(column);
    expect(at('券包内容')).toBeGreaterThanOrEqual(0);
    const byName = new Map(rows.slice(4).map((row) => [row[at('券包名称')], row]));
    expect(byName.get(name)?.[at('券包内容')]).toBe(expected);
    // A packet of points only has no coupons to name: an empty cell, not `[]`.
    const pointsRow = byName.get(`${name}-积分`);
    expect(pointsRow).toBeDefined();
    expect(pointsRow?.[at('券包内容')] ?? '').toBe('');
    expect(rows.flat().some((cell) => cell.includes(first) || cell.includes(second) || cell.includes(pointsOnly.id))).toBe(false);
  });
});

describe('a date range filter', () => {
  // The search form sends a range picked by days as plain days (src/toolkit/crud/search-query.ts); the engine takes
  // the end day to its last microsecond (server/crud/list-query.ts), so nothing of the last day is left out.
  it('ends with the last microsecond of its last day: a packet starting at 23:59:59.500 is in, and a second-precise end would have lost it', async () => {
    const name = `日末礼包-${Date.now()}`;
    const bundle = await packet({ name, contents: [], point: 10 });
    await sql`update mkt_coupon_package set start_time = ${'2026-03-10 23:59:59.5'}::timestamptz where id = ${bundle.id}`.execute(demo.app.db);
    const found = async (query: string) => {
      const answer = await call<PageResult<{ id: string }>>(demo.app, 'GET', `/api/marketing/couponPackage/list?name=${encodeURIComponent(`*${name}*`)}&${query}`, admin());
      expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
      return answer.body.result.records.map((record) => record.id);
    };
    expect(await found('startTime_begin=2026-03-10&startTime_end=2026-03-10')).toEqual([bundle.id]);
    expect(await found('startTime_begin=2026-03-11&startTime_end=2026-03-11')).toEqual([]);
    // What the client sent before: the day's end to the second leaves the last half second out.
    expect(await found(`startTime_begin=${encodeURIComponent('2026-03-10 00:00:00')}&startTime_end=${encodeURIComponent('2026-03-10 23:59:59')}`)).toEqual([]);
  });
});
