/**
 * Commission withdrawals under concurrency, on the embedded database and on PostgreSQL (where transactions
 * really overlap): many withdrawals at once never take the available commission below zero.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, TEST_DATABASES, useDemoServer } from '../../../../tests/server/helpers';
import { makeDistributor, signIn, totals } from './drp-helpers';

describe.each(TEST_DATABASES)('withdrawals under concurrency (%s)', (database) => {
  // The defaults: 1.00 the smallest withdrawal, no fee.
  const demo = useDemoServer({ database });

  it('takes exactly three withdrawals of 10.00 from 35.00 available out of ten at once, never below zero', async () => {
    const member = await signIn(demo, `1388${database === 'postgres' ? 1 : 0}000401`);
    const distributorId = await makeDistributor(demo, member);
    await sql`update drp_distributor set brokerage_price = 35.00 where id = ${distributorId}`.execute(demo.app.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(demo.app, 'POST', '/api/app/brokerage/withdraw', { body: { price: '10.00', type: '2', name: '王五', account: '6222000011112222' }, headers: member.headers }),
      ),
    );
    expect(results.filter((result) => result.body.success)).toHaveLength(3);
    expect(await totals(demo, distributorId)).toEqual({ available: '5.00', frozen: '0.00' });
    const withdrawals = await sql<{ n: number }>`select count(*)::int as n from drp_withdraw where distributor_id = ${distributorId}`.execute(demo.app.db);
    expect(withdrawals.rows[0]?.n).toBe(3);
  });
});
