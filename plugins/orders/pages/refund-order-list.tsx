import { EntityListPage, moneyText } from '../../../src/toolkit/crud';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { withoutSearchFields } from '../components/refund-search-fields';
import { refundOrderEntity, type RefundOrderRecord } from '../entities';

/** Searched by what a person knows (numbers, channel, status, time), not by internal ids. */
const SEARCHED = withoutSearchFields(refundOrderEntity, ['orderId', 'afterSaleId']);

/**
 * 退款单: read-only, searched by 退款单号, 订单号, 渠道, 状态 and 退款时间 (a range), exported as shown; the
 * order number opens the order detail. Refunds are issued by 确认退款 of an after-sale (after-sale-service.ts).
 */
export default function RefundOrderListPage() {
  return (
    <EntityListPage<RefundOrderRecord>
      entity={SEARCHED}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      renderers={{
        orderNo: (value, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={value} />,
        refundPrice: (value) => moneyText(value),
      }}
    />
  );
}
