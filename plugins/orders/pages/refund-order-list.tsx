import { useTranslation } from 'react-i18next';
import { EntityListPage, moneyText, useEntityAction } from '../../../src/toolkit/crud';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { withoutSearchFields } from '../components/refund-search-fields';
import { afterSaleEntity, orderEntity, orderItemEntity, orderLogEntity, refundOrderEntity, type RefundOrderRecord } from '../entities';

const PROCESSING = '0';
const FAILED = '20';
const RETRY_URL = '/saleorder/refundOrder/retry';
const RECHECK_URL = '/saleorder/refundOrder/recheck';

/** Searched by what a person knows (numbers, channel, status, time), not by internal ids. */
const SEARCHED = withoutSearchFields(refundOrderEntity, ['orderId', 'afterSaleId']);

/**
 * 退款单: read-only, searched by 退款单号, 订单号, 渠道, 状态 and 退款时间 (a range), exported as shown; the
 * order number opens the order detail. Refunds are issued by 确认退款 of an after-sale (after-sales/service.ts);
 * one the channel refused (退款失败, with its reason) is tried again by 重试退款 under the same number; one a payment
 * channel still has 处理中 is asked again by 核对退款.
 */
export default function RefundOrderListPage() {
  const { t } = useTranslation(['orders', 'crud']);
  // A retry settles the after-sale and the order too: their lists and details refresh themselves.
  const retry = useEntityAction({ invalidates: [refundOrderEntity.table, afterSaleEntity.table, orderEntity.table, orderItemEntity.table, orderLogEntity.table] });
  return (
    <EntityListPage<RefundOrderRecord>
      entity={SEARCHED}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      rowActions={() => [
        {
          key: 'retry',
          label: t('refundRetry.action'),
          code: 'saleorder:refundOrder:retry',
          confirm: (record) => t('refundRetry.confirm', { no: String(record.no ?? ''), amount: moneyText(record.refundPrice) }),
          showFor: (record) => record.status === FAILED,
          onClick: async (record) => {
            await retry.run({ url: RETRY_URL, method: 'post', values: { id: String(record.id) } });
          },
        },
        {
          // A refund a payment channel took and has not confirmed yet: asked again now instead of waiting for its notification.
          key: 'recheck',
          label: t('refundRecheck.action'),
          code: 'saleorder:refundOrder:recheck',
          showFor: (record) => record.status === PROCESSING,
          onClick: async (record) => {
            await retry.run({ url: RECHECK_URL, method: 'post', values: { id: String(record.id) } });
          },
        },
      ]}
      renderers={{
        orderNo: (value, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={value} />,
        refundPrice: (value) => moneyText(value),
      }}
    />
  );
}
