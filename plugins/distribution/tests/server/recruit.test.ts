/** Recruitment: one open application, approve creates the distributor at the default level, reject with a reason (issue #14). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { makeDistributor, signIn, staff } from './drp-helpers';

const demo = useDemoServer();

const apply = (headers: Record<string, string>, name = '李四') => call<{ id: string }>(demo.app, 'POST', '/api/app/brokerage/apply', { body: { name, mobile: '13912345678' }, headers });

describe('applications', () => {
  it('allows one open application, logs the rejection, and approves into a distributor at the default level', async () => {
    const member = await signIn(demo, '13900001401');
    const first = await apply(member.headers);
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    expect((await apply(member.headers)).body).toMatchObject({ success: false, message: '您已有申请中的分销申请，请等待审核' });

    expect((await staff(demo, 'drpRecruit/reject', { id: first.body.result.id, reason: '  ' })).status).toBe(400);
    expect((await staff(demo, 'drpRecruit/reject', { id: first.body.result.id, reason: '资料不全' })).body.success).toBe(true);
    expect((await staff(demo, 'drpRecruit/approve', { id: first.body.result.id })).body).toMatchObject({ success: false, message: '分销申请当前状态为「已拒绝」，不能同意' });
    const rejected = await sql<{ status: string; reason: string }>`select status, reason from drp_recruit where id = ${first.body.result.id}`.execute(demo.app.db);
    expect(rejected.rows[0]).toEqual({ status: '2', reason: '资料不全' });

    const second = await apply(member.headers, '李四四');
    expect(second.body.success).toBe(true);
    const approved = await staff<{ distributorId: string }>(demo, 'drpRecruit/approve', { id: second.body.result.id });
    expect(approved.body.success, JSON.stringify(approved.body)).toBe(true);
    expect((await staff(demo, 'drpRecruit/reject', { id: second.body.result.id, reason: '晚了' })).body).toMatchObject({ success: false, message: '分销申请当前状态为「已同意」，不能拒绝' });
    expect((await apply(member.headers)).body).toMatchObject({ success: false, message: '您已是分销商，无需再次申请' });

    const distributor = await sql<{ member_id: string; invite_code: string; enabled: boolean; parent_id: string | null; is_default: boolean; brokerage_price: string }>`select d.member_id,
      d.invite_code, d.enabled, d.parent_id, l.is_default, d.brokerage_price::text from drp_distributor d join drp_level l on l.id = d.level_id where d.id = ${approved.body.result.distributorId}`.execute(demo.app.db);
    expect(distributor.rows[0]).toEqual({ member_id: member.memberId, invite_code: member.memberNo, enabled: true, parent_id: null, is_default: true, brokerage_price: '0.00' });
    const logs = await sql<{ recruit_id: string; action: string; after_status: string }>`select recruit_id, action, after_status from drp_recruit_log
      where recruit_id in (${first.body.result.id}, ${second.body.result.id}) order by action`.execute(demo.app.db);
    expect(logs.rows.map((row) => `${row.recruit_id === first.body.result.id ? 1 : 2}:${row.action}:${row.after_status}`).sort()).toEqual(['1:apply:0', '1:reject:2', '2:apply:0', '2:approve:1']);
  });

  it('binds the upline: the distributor of the member whose invite code the new member used', async () => {
    const upline = await signIn(demo, '13900001402');
    const uplineId = await makeDistributor(demo, upline);
    const invited = await signIn(demo, '13900001403', upline.memberNo);
    const invitedId = await makeDistributor(demo, invited);
    const found = await sql<{ parent_id: string | null }>`select parent_id from drp_distributor where id = ${invitedId}`.execute(demo.app.db);
    expect(found.rows[0]?.parent_id).toBe(uplineId);
    const list = await call<{ records: Array<{ id: string; inviteCount: number }> }>(demo.app, 'GET', `/api/marketingDrp/drpDistributor/list?inviteCode=${upline.memberNo}`, { token: demo.admin, headers: { 'tenant-id': '1' } });
    expect(list.body.result.records).toMatchObject([{ id: uplineId, inviteCount: 1, levelId_dictText: '普通分销商' }]);
  });

  it('keeps the default level, refuses deleting a level in use, and moves a distributor to another level', async () => {
    const adminHeaders = { token: demo.admin, headers: { 'tenant-id': '1' } };
    const levels = await call<{ records: Array<{ id: string; isDefault: boolean; grade: number }> }>(demo.app, 'GET', '/api/marketingDrp/drpLevel/list?column=grade&order=asc', adminHeaders);
    const fallback = levels.body.result.records.find((level) => level.isDefault);
    const higher = levels.body.result.records.find((level) => !level.isDefault);
    if (fallback === undefined || higher === undefined) throw new Error('seeded levels expected');
    expect((await call(demo.app, 'DELETE', `/api/marketingDrp/drpLevel/delete?id=${fallback.id}`, adminHeaders)).body).toMatchObject({ success: false, message: '默认等级不能删除' });
    const disabled = await call(demo.app, 'PUT', '/api/marketingDrp/drpLevel/edit', { ...adminHeaders, body: { id: fallback.id, name: '普通分销商', grade: fallback.grade, firstPercent: 10, secondPercent: 5, status: '0' } });
    expect(disabled.body).toMatchObject({ success: false, message: '默认等级不能停用' });

    const member = await signIn(demo, '13900001404');
    const distributorId = await makeDistributor(demo, member);
    expect((await staff(demo, 'drpDistributor/updateLevel', { id: distributorId, levelId: higher.id })).body.success).toBe(true);
    expect((await call(demo.app, 'DELETE', `/api/marketingDrp/drpLevel/delete?id=${higher.id}`, adminHeaders)).body).toMatchObject({ success: false, message: '该等级下还有分销商，不能删除' });
    const created = await call<string>(demo.app, 'POST', '/api/marketingDrp/drpLevel/add', { ...adminHeaders, body: { name: '临时等级', grade: 9, firstPercent: 1, secondPercent: 0, status: '1' } });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const added = await sql<{ id: string }>`select id from drp_level where tenant_id = 1 and name = '临时等级'`.execute(demo.app.db);
    expect((await call(demo.app, 'DELETE', `/api/marketingDrp/drpLevel/delete?id=${added.rows[0]?.id ?? ''}`, adminHeaders)).body.success).toBe(true);
  });

  it('refuses the member routes without a member token and the staff routes to the clerk', async () => {
    expect((await call(demo.app, 'POST', '/api/app/brokerage/apply', { body: { name: 'x', mobile: '13900000000' } })).status).toBe(401);
    expect((await call(demo.app, 'POST', '/api/marketingDrp/drpRecruit/approve', { token: demo.clerk, body: { id: 'x' } })).status).toBe(403);
  });
});
