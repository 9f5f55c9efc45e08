/** Points, balance and growth change only through their ledgers: exact, locked, append-only (issue #11); under concurrency: concurrency.test.ts. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shopDay } from '../../../../server/time/shop-time';
import type { PageResult } from '../../../../src/contracts/entity';
import type { DictItem } from '../../../../src/contracts/session';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { BalanceLogRecord, LevelChangeRecord, MemberRecord, PointsLogRecord } from '../../entities';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const MEMBER = '/api/cust/custMember';

interface Posting {
  before: number;
  change: number;
  after: number;
}

const admin = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call<T>(demo.app, method, url, { token: demo.admin, headers: T1, ...(body !== undefined ? { body } : {}) });

let sequence = 0;
/** A fresh member with zero totals, so every figure in a test is its own. */
async function freshMember(): Promise<string> {
  sequence += 1;
  const mobile = `1370000${String(sequence).padStart(4, '0')}`;
  const created = await admin<MemberRecord>('POST', `${MEMBER}/add`, { memberNo: `L${String(sequence).padStart(5, '0')}`, memberName: '账本会员', mobile, status: '1' });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result.id;
}

const member = async (id: string) => (await admin<MemberRecord>('GET', `${MEMBER}/queryById?id=${id}`)).body.result;

describe('adjustPoints', () => {
  it('adds and removes points, answering before / change / after, and writes signed rows with the total after', async () => {
    const id = await freshMember();
    const added = await admin<Posting>('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 120, reason: '活动补发' });
    expect(added.body).toMatchObject({ success: true, message: '修改积分成功', result: { before: 0, change: 120, after: 120 } });
    const removed = await admin<Posting>('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: -20, reason: '误发扣回' });
    expect(removed.body.result).toMatchObject({ before: 120, change: -20, after: 100 });
    expect((await member(id)).point).toBe(100);
    const log = await admin<PageResult<PointsLogRecord>>('GET', `/api/cust/custPointsLog/list?memberId=${id}&column=createTime&order=asc`);
    expect(log.body.result.records.map((row) => [row.point, row.totalPoint, row.title, row.bizType_dictText, row.createBy])).toEqual([
      [120, 120, '活动补发', '管理员修改', 'admin'],
      [-20, 100, '误发扣回', '管理员修改', 'admin'],
    ]);
  });

  it('refuses a change below zero with the current total, and changes nothing', async () => {
    const id = await freshMember();
    await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 30, reason: '初始' });
    const refused = await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: -31, reason: '扣多了' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, message: '积分不足，当前积分 30' });
    expect((await member(id)).point).toBe(30);
    expect((await admin<PageResult<PointsLogRecord>>('GET', `/api/cust/custPointsLog/list?memberId=${id}`)).body.result.total).toBe(1);
  });

  it('refuses a missing reason, a fraction, zero and an unknown member', async () => {
    const id = await freshMember();
    expect((await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 5 })).status).toBe(400);
    expect((await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 5, reason: '   ' })).status).toBe(400);
    expect((await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 1.5, reason: '小数' })).status).toBe(400);
    expect((await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 0, reason: '零' })).body).toMatchObject({ success: false, message: '变动值不能为 0' });
    expect((await admin('POST', `${MEMBER}/adjustPoints`, { memberId: 'nobody', point: 5, reason: '无人' })).body).toMatchObject({ success: false, message: '会员不存在' });
  });
});

describe('adjustBalance', () => {
  it('keeps money exact to the cent and refuses a third decimal or a balance below zero', async () => {
    const id = await freshMember();
    const added = await admin<Posting>('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: 0.1, reason: '充值' });
    expect(added.body).toMatchObject({ success: true, message: '修改余额成功', result: { before: 0, change: 0.1, after: 0.1 } });
    expect((await admin<Posting>('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: '0.2', reason: '充值' })).body.result).toMatchObject({ before: 0.1, change: 0.2, after: 0.3 });
    expect((await admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: 1.005, reason: '三位' })).body).toMatchObject({ success: false, message: '金额最多保留两位小数' });
    expect((await admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: -0.31, reason: '超支' })).body).toMatchObject({ success: false, message: '余额不足，当前余额 0.30' });
    expect((await member(id)).balance).toBe(0.3);
    const log = await admin<PageResult<BalanceLogRecord>>('GET', `/api/cust/custBalanceLog/list?memberId=${id}&column=createTime&order=asc`);
    expect(log.body.result.records.map((row) => [row.price, row.balance, row.bizType_dictText])).toEqual([
      [0.1, 0.1, '更新余额'],
      [0.2, 0.3, '更新余额'],
    ]);
  });
});

describe('totals are read-only', () => {
  it('ignores point, balance, experience and levelId on edit and on add', async () => {
    const id = await freshMember();
    await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 50, reason: '初始' });
    const before = await member(id);
    const edited = await admin<MemberRecord>('PUT', `${MEMBER}/edit`, { id, point: 999_999, balance: 88_888.88, experience: 99_999, levelId: 'x', loginDate: '2020-01-01', nickname: '改昵称' });
    expect(edited.body).toMatchObject({ success: true, result: { point: 50, balance: 0, experience: 0, levelId: before.levelId, nickname: '改昵称' } });
    const added = await admin<MemberRecord>('POST', `${MEMBER}/add`, { memberNo: 'RO0001', memberName: '只读', mobile: '13600009999', point: 500, balance: 5, experience: 50_000 });
    expect(added.body.result).toMatchObject({ point: 0, balance: 0, experience: 0, levelId_dictText: '普通会员' });
  });

  it('serves the ledgers read-only: no add, edit or delete route exists', async () => {
    for (const base of ['/api/cust/custPointsLog', '/api/cust/custBalanceLog', '/api/cust/custExperienceLog', '/api/cust/custLevelRecord']) {
      expect((await admin('POST', `${base}/add`, { title: 'x' })).status, base).toBe(404);
      expect((await admin('PUT', `${base}/edit`, { id: 'x' })).status, base).toBe(404);
      expect((await admin('DELETE', `${base}/delete?id=x`)).status, base).toBe(404);
      expect((await admin('GET', `${base}/list`)).status, base).toBe(200);
    }
  });

  it('seeds ledgers that add up to every member total', async () => {
    const members = (await admin<PageResult<MemberRecord>>('GET', `${MEMBER}/list?pageSize=40&column=memberNo&order=asc`)).body.result.records;
    for (const seeded of members.slice(0, 12)) {
      const points = (await admin<PageResult<PointsLogRecord>>('GET', `/api/cust/custPointsLog/list?memberId=${seeded.id}&pageSize=100`)).body.result.records;
      const balance = (await admin<PageResult<BalanceLogRecord>>('GET', `/api/cust/custBalanceLog/list?memberId=${seeded.id}&pageSize=100`)).body.result.records;
      expect(points.reduce((sum, row) => sum + Number(row.point), 0)).toBe(seeded.point);
      expect(balance.reduce((sum, row) => sum + Math.round(Number(row.price) * 100), 0)).toBe(Math.round(Number(seeded.balance) * 100));
    }
  });
});

describe('levels', () => {
  async function levels(): Promise<Map<string, string>> {
    const items = await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/getDictItems/cust_level', { token: demo.admin });
    return new Map(items.body.result.map((item) => [item.text, item.value]));
  }

  it('follow growth up and down, each change writing a level record', async () => {
    const byName = await levels();
    const id = await freshMember();
    const up = await admin<Posting>('POST', `${MEMBER}/adjustExperience`, { memberId: id, experience: 5200, reason: '线下消费补录' });
    expect(up.body).toMatchObject({ success: true, message: '修改成长值成功', result: { before: 0, change: 5200, after: 5200 } });
    expect((await member(id)).levelId).toBe(byName.get('金卡会员'));
    const down = await admin<Posting>('POST', `${MEMBER}/adjustExperience`, { memberId: id, experience: -4500, reason: '退款扣回' });
    expect(down.body.result.after).toBe(700);
    expect((await member(id)).levelId_dictText).toBe('普通会员');
    // Growth clamps at zero instead of refusing.
    expect((await admin<Posting>('POST', `${MEMBER}/adjustExperience`, { memberId: id, experience: -9000, reason: '全额退款' })).body.result).toMatchObject({ before: 700, change: -700, after: 0 });
    const records = await admin<PageResult<LevelChangeRecord>>('GET', `/api/cust/custLevelRecord/list?memberId=${id}&column=createTime&order=asc`);
    expect(records.body.result.records.map((row) => [row.levelId_dictText, row.userExperience, row.remark])).toEqual([
      ['金卡会员', 5200, '成长值变动，等级自动调整'],
      ['普通会员', 700, '成长值变动，等级自动调整'],
    ]);
  });

  it('skip a disabled level, and can be set by hand with a reason', async () => {
    const byName = await levels();
    const silver = byName.get('银卡会员') ?? '';
    const level = await admin<Record<string, unknown>>('GET', `/api/cust/custLevel/queryById?id=${silver}`);
    expect((await admin('PUT', '/api/cust/custLevel/edit', { id: silver, status: '0' })).body.success).toBe(true);
    const id = await freshMember();
    await admin('POST', `${MEMBER}/adjustExperience`, { memberId: id, experience: 1500, reason: '补录' });
    expect((await member(id)).levelId_dictText).toBe('普通会员');
    expect((await admin('POST', `${MEMBER}/updateLevel`, { memberId: id, levelId: silver, reason: '停用的等级' })).body).toMatchObject({ success: false, message: '会员等级不存在或已停用' });
    await admin('PUT', '/api/cust/custLevel/edit', { id: silver, status: String(level.body.result.status) });
    const diamond = byName.get('钻石会员') ?? '';
    expect((await admin('POST', `${MEMBER}/updateLevel`, { memberId: id, levelId: diamond, reason: '大客户特批' })).body).toMatchObject({ success: true, message: '修改等级成功' });
    expect((await member(id)).levelId_dictText).toBe('钻石会员');
    expect((await admin('POST', `${MEMBER}/updateLevel`, { memberId: id, levelId: diamond, reason: '再来一次' })).body).toMatchObject({ success: false, message: '会员已是该等级' });
    expect((await admin('POST', `${MEMBER}/updateLevel`, { memberId: id, levelId: diamond })).status).toBe(400);
    const records = await admin<PageResult<LevelChangeRecord>>('GET', `/api/cust/custLevelRecord/list?memberId=${id}`);
    expect(records.body.result.records.map((row) => [row.levelId_dictText, row.remark, row.userExperience])).toEqual([['钻石会员', '大客户特批', 1500]]);
  });
});

describe('the demo members’ history', () => {
  it('is at its own dates: opening balances are 期初余额 (后台调整) of the days after registering, never today’s 充值', async () => {
    const opening = await sql<{ n: number; today: number; late: number }>`select count(*)::int as n,
        count(*) filter (where l.create_time >= date_trunc('day', now()))::int as today,
        count(*) filter (where l.create_time < m.register_time)::int as late
      from cust_balance_log l join cust_member m on m.id = l.member_id where l.tenant_id = 1 and l.title = '期初余额' and l.biz_type = '5'`.execute(demo.app.db);
    expect(opening.rows[0]).toEqual({ n: 300, today: 0, late: 0 });
    const listed = await admin<PageResult<BalanceLogRecord>>('GET', `/api/cust/custBalanceLog/list?title=${encodeURIComponent('期初余额')}&pageSize=1`);
    expect(listed.body.result.records[0]).toMatchObject({ bizType: '5', title: '期初余额' });
    const today = shopDay();
    const report = await admin<{ recharge: string }>('GET', `/api/report/sales/summary?beginDate=${today}&endDate=${today}`);
    expect(report.body.result.recharge).toBe('0.00');
  });
});
