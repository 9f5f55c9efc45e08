/** The order and after-sale machines: every action allowed from exactly its states, refused elsewhere naming the state. */
import { describe, expect, it } from 'vitest';
import { allowedActions, refusalFor } from '../../../../server/state/state-machine';
import { afterSaleMachine, type AfterSaleState } from '../../server/after-sales/machine';
import { orderMachine, type OrderState } from '../../server/sales/machine';

describe('order machine', () => {
  it('allows each state exactly its actions', () => {
    const table = Object.fromEntries((Object.keys(orderMachine.states) as OrderState[]).map((state) => [state, allowedActions(orderMachine, state)]));
    expect(table).toEqual({
      '0': ['pay', 'close', 'adjustPrice'],
      '10': ['deliver', 'updateAddress', 'closeByRefund', 'verify'],
      '20': ['receive', 'closeByRefund'],
      '30': ['closeByRefund'],
      '40': [],
    });
  });

  it('names the current state in every refusal', () => {
    expect(refusalFor(orderMachine, '0', 'deliver')).toBe('订单当前状态为「待付款」，不能发货');
    expect(refusalFor(orderMachine, '40', 'pay')).toBe('订单当前状态为「已关闭」，不能支付');
    expect(refusalFor(orderMachine, '20', 'updateAddress')).toBe('订单当前状态为「已发货」，不能修改地址');
  });
});

describe('after-sale machine', () => {
  it('allows each state exactly its actions', () => {
    const table = Object.fromEntries((Object.keys(afterSaleMachine.states) as AfterSaleState[]).map((state) => [state, allowedActions(afterSaleMachine, state)]));
    expect(table).toEqual({
      '10': ['agreeReturn', 'agreeRefund', 'disagree', 'buyerCancel'],
      '20': ['buyerDelivery', 'buyerCancel'],
      '30': ['receive', 'refuseReceive', 'buyerCancel'],
      '40': ['refund'],
      '50': [],
      '61': [],
      '62': [],
      '63': [],
    });
    expect(refusalFor(afterSaleMachine, '50', 'refund')).toBe('售后单当前状态为「完成」，不能确认退款');
  });
});
