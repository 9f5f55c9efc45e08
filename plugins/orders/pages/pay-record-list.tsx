import { EntityListPage, moneyText } from '../../../src/toolkit/crud';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { withoutSearchFields } from '../components/refund-search-fields';
import { payRecordEntity, type PayRecordRecord } from '../entities';

/** Searched by what a person knows (numbers, channel, status, time), not by internal ids. */
const SEARCHED = withoutSearchFields(payRecordEntity, ['orderId']);

/**
 * 支付记录: read-only, searched by 订单号, 渠道, 状态, 渠道交易号 and 支付时间 (a range), exported as shown;
 * the order number opens the order detail. Only the order services write payments.
 */
export default function PayRecordListPage() {
  return (
    <EntityListPage<PayRecordRecord>
      entity={SEARCHED}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      renderers={{
        orderNo: (value, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={value} />,
        price: (value) => moneyText(value),
      }}
    />
  );
}
