/**
 * Member ledgers under concurrency, on the embedded database and on PostgreSQL (where transactions really
 * overlap): concurrent changes add up exactly, the chain of totals has no gap, and concurrent spending never
 * takes a balance below zero.
 */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, TEST_DATABASES, useDemoServer } from '../../../../tests/server/helpers';
import { expectGaplessChain } from '../../../../tests/server/ledger-chain';
import type { BalanceLogRecord, MemberRecord, PointsLogRecord } from '../../entities';

const T1 = { 'tenant-id': '1' };
const MEMBER = '/api/cust/custMember';

describe.each(TEST_DATABASES)('member ledgers under concurrency (%s)', (database) => {
  const demo = useDemoServer({ database });
  const admin = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(demo.app, method, url, { token: demo.admin, headers: T1, ...(body !== undefined ? { body } : {}) });
  let sequence = 0;
  const freshMember = async (): Promise<string> => {
    sequence += 1;
    const created = await admin<MemberRecord>('POST', `${MEMBER}/add`, { memberNo: `C${database.slice(0, 1)}${String(sequence).padStart(5, '0')}`, memberName: '并发会员', mobile: `1366${database === 'postgres' ? 1 : 0}00${String(sequence).padStart(4, '0')}`, status: '1' });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    return created.body.result.id;
  };
  const member = async (id: string) => (await admin<MemberRecord>('GET', `${MEMBER}/queryById?id=${id}`)).body.result;

  it('adds up 20 concurrent balance and 20 point changes exactly, with a gapless chain of totals', async () => {
    const id = await freshMember();
    await admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: '100.00', reason: '初始' });
    await admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: 1000, reason: '初始' });
    const changes = Array.from({ length: 20 }, (_unused, index) => (index % 2 === 0 ? '0.10' : '-0.03'));
    const results = await Promise.all([
      ...changes.map((price, index) => admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price, reason: `并发 ${index}` })),
      ...changes.map((_price, index) => admin('POST', `${MEMBER}/adjustPoints`, { memberId: id, point: index % 2 === 0 ? 7 : -3, reason: `并发 ${index}` })),
    ]);
    expect(results.map((result) => result.body.success)).toEqual(results.map(() => true));
    // 100 + 10 × 0.10 − 10 × 0.03 = 100.70; 1000 + 10 × 7 − 10 × 3 = 1040.
    expect(await member(id)).toMatchObject({ balance: 100.7, point: 1040 });
    const balances = (await admin<PageResult<BalanceLogRecord>>('GET', `/api/cust/custBalanceLog/list?memberId=${id}&pageSize=50`)).body.result.records;
    expect(balances).toHaveLength(21);
    expect(expectGaplessChain(balances.map((row) => ({ change: Math.round(Number(row.price) * 100), after: Math.round(Number(row.balance) * 100) })))).toBe(10_070);
    const points = (await admin<PageResult<PointsLogRecord>>('GET', `/api/cust/custPointsLog/list?memberId=${id}&pageSize=50`)).body.result.records;
    expect(expectGaplessChain(points.map((row) => ({ change: Number(row.point), after: Number(row.totalPoint) })))).toBe(1040);
  });

  it('lets 20 concurrent withdrawals of 1.00 from a balance of 5.00 take exactly five, never below zero', async () => {
    const id = await freshMember();
    await admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: '5.00', reason: '初始' });
    const results = await Promise.all(Array.from({ length: 20 }, (_unused, index) => admin('POST', `${MEMBER}/adjustBalance`, { memberId: id, price: '-1.00', reason: `扣减 ${index}` })));
    expect(results.filter((result) => result.body.success)).toHaveLength(5);
    for (const refused of results.filter((result) => !result.body.success)) expect(refused.body.message).toMatch(/^余额不足，当前余额 \d+\.\d{2}$/);
    expect((await member(id)).balance).toBe(0);
  });
});
