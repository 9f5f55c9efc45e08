/** The withdrawal report's pure pieces: totals, days and the top distributors from facts. */
import { describe, expect, it } from 'vitest';
import { topPaid, withdrawDaily, withdrawTotals } from '../../server/withdraw/figures';

describe('withdraw figures', () => {
  it('reads counts as numbers and amounts with two decimals, zero when absent', () => {
    expect(withdrawTotals([{ metric: 'withdraw.appliedCount', value: '3' }, { metric: 'withdraw.fee', value: '0.4' }, { metric: 'withdraw.paidByMember', value: '9' }])).toEqual({
      appliedCount: 3,
      appliedAmount: '0.00',
      approvedCount: 0,
      approvedAmount: '0.00',
      paidCount: 0,
      paidAmount: '0.00',
      rejectedCount: 0,
      rejectedAmount: '0.00',
      fee: '0.40',
    });
    expect(withdrawDaily([{ metric: 'withdraw.paidAmount', day: '2024-06-02', value: '10' }], ['2024-06-01', '2024-06-02']).map((day) => [day.date, day.paidAmount])).toEqual([
      ['2024-06-01', '0.00'],
      ['2024-06-02', '10.00'],
    ]);
  });

  it('ranks the members paid most, exactly, ties by id, within the limit', () => {
    const facts = [
      { metric: 'withdraw.paidByMember', dim: 'm2', value: '10.10' },
      { metric: 'withdraw.paidByMember', dim: 'm1', value: '10.1' },
      { metric: 'withdraw.paidByMember', dim: 'm3', value: '100.00' },
      { metric: 'withdraw.paidByDistributor', dim: 'd1', value: '999.00' },
    ];
    expect(topPaid(facts, 2)).toEqual([
      { memberId: 'm3', amount: '100.00' },
      { memberId: 'm1', amount: '10.10' },
    ]);
  });
});
