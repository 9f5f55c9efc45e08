/** 推广人 (level 1 and 2) and 修改/清除上级 of 分销商 (docs/reference/business-domains.md §5 "Screens"). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { admin, makeDistributor, signIn, staff } from './drp-helpers';

const demo = useDemoServer();

const referrals = async (id: string, level: 1 | 2) =>
  (await call<{ records: Array<{ id: string; memberNo: string }>; total: number }>(demo.app, 'GET', `/api/marketingDrp/drpDistributor/referrals?id=${id}&level=${level}&pageSize=50`, admin(demo))).body;
const parentOf = async (id: string) =>
  (await sql<{ parent_id: string | null; parent_name: string | null; referrer: string | null }>`select d.parent_id, d.parent_name, m.referrer_id as referrer
    from drp_distributor d join cust_member m on m.id = d.member_id where d.id = ${id}`.execute(demo.app.db)).rows[0];

describe('分销商 upline', () => {
  it('lists the members referred at level 1 and 2, moves a distributor under another, refuses a cycle, and clears it', async () => {
    const top = await signIn(demo, '13900001801');
    const topId = await makeDistributor(demo, top, '上级');
    const invited = await signIn(demo, '13900001802', top.memberNo);
    const grandchild = await signIn(demo, '13900001803', invited.memberNo);
    const other = await signIn(demo, '13900001804');
    const otherId = await makeDistributor(demo, other, '另一位');

    expect((await referrals(topId, 1)).result.records.map((row) => row.memberNo)).toEqual([invited.memberNo]);
    expect((await referrals(topId, 2)).result.records.map((row) => row.memberNo)).toEqual([grandchild.memberNo]);

    const moved = await staff(demo, 'drpDistributor/updateParent', { id: otherId, parentId: topId });
    expect(moved.body).toMatchObject({ success: true, message: '上级已修改' });
    expect(await parentOf(otherId)).toMatchObject({ parent_id: topId, referrer: top.memberId });
    expect((await referrals(topId, 1)).result.total).toBe(2);

    expect((await staff(demo, 'drpDistributor/updateParent', { id: topId, parentId: otherId })).body).toMatchObject({ success: false, message: '不能把该会员推广的会员设为它的上级' });
    expect((await staff(demo, 'drpDistributor/updateParent', { id: topId, parentId: topId })).body).toMatchObject({ success: false, message: '不能把分销商自己设为上级' });
    expect((await staff(demo, 'drpDistributor/updateParent', { id: topId, parentId: 'nobody' })).body).toMatchObject({ success: false, message: '上级分销商不存在' });

    const cleared = await staff(demo, 'drpDistributor/updateParent', { id: otherId, parentId: null });
    expect(cleared.body).toMatchObject({ success: true, message: '已清除上级' });
    expect(await parentOf(otherId)).toEqual({ parent_id: null, parent_name: null, referrer: null });
    expect((await call(demo.app, 'POST', '/api/marketingDrp/drpDistributor/updateParent', { token: demo.clerk, headers: admin(demo).headers, body: { id: otherId, parentId: topId } })).status).toBe(403);
  });
});
