/** Coupon packets (issue #14): issue rules and the one-transaction issue. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
});
