import { describe, expect, it } from 'vitest';
import { lineAmount, offlineBody, offlineTotal } from '../../components/offline-order-lines';

describe('offline order lines', () => {
  it('totals price × count exactly, skipping incomplete lines', () => {
    expect(offlineTotal([{ skuId: 'a', count: 2, price: '12.34' }])).toBe('24.68');
    expect(offlineTotal([{ skuId: 'a', count: 3, price: '0.1' }, { skuId: 'b', count: 1, price: 0.2 }, { skuId: 'c', count: null, price: '5' }, undefined])).toBe('0.50');
    expect(offlineTotal(undefined)).toBe('0.00');
    expect(lineAmount({ count: 2 })).toBeNull();
  });

  it('sends the chosen buyer only, prices as exact text, paid as a boolean, the receiver only when sent by express', () => {
    const receiver = { receiverName: ' 李四 ', receiverMobile: '13800000000', receiverAreaId: '310115', receiverDetailAddress: ' 世纪大道 1 号 ' };
    expect(offlineBody({ buyerType: 'member', memberId: 'm1', customerId: 'c1', lines: [{ skuId: 's1', count: 2, price: '12.34' }], payType: 'cash', remark: '  ', deliveryType: '1', ...receiver })).toEqual({
      memberId: 'm1',
      items: [{ skuId: 's1', count: 2, price: '12.34' }],
      payType: 'cash',
      paid: false,
      deliveryType: '1',
      receiverName: '李四',
      receiverMobile: '13800000000',
      receiverAreaId: '310115',
      receiverDetailAddress: '世纪大道 1 号',
    });
    expect(
      offlineBody({ buyerType: 'customer', memberId: 'm1', customerId: 'c1', lines: [{ skuId: 's1', count: 1, price: 5 }, { skuId: 's2', count: 1 }], payType: 'pos', paid: true, remark: ' 现场提货 ', deliveryType: '2', ...receiver }),
    ).toEqual({
      customerId: 'c1',
      items: [{ skuId: 's1', count: 1, price: '5.00' }, { skuId: 's2', count: 1 }],
      payType: 'pos',
      paid: true,
      deliveryType: '2',
      remark: '现场提货',
    });
  });
});
