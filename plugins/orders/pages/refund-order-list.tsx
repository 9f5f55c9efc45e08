import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, moneyText, useEntityAction } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { withoutSearchFields } from '../components/refund-search-fields';
import { afterSaleEntity, orderEntity, orderItemEntity, orderLogEntity, refundOrderEntity, type RefundOrderRecord } from '../entities';

const FAILED = '20';
const RETRY_URL = '/saleorder/refundOrder/retry';

/** Searched by what a person knows (numbers, channel, status, time), not by internal ids. */
const SEARCHED = withoutSearchFields(refundOrderEntity, ['orderId', 'afterSaleId']);

/**
 * 退款单: read-only, searched by 退款单号, 订单号, 渠道, 状态 and 退款时间 (a range), exported as shown; the
 * order number opens the order detail. Refunds are issued by 确认退款 of an after-sale (after-sale-service.ts);
 * one the channel refused (退款失败, with its reason) is tried again by 重试退款 under the same number.
 */
export default function RefundOrderListPage() {
  const { t } = useTranslation(['orders', 'crud']);
  const { modal } = App.useApp();
  const retryGate = useAccess('saleorder:refundOrder:retry');
  // A retry settles the after-sale and the order too: their lists and details refresh themselves.
  const retry = useEntityAction({ invalidates: [refundOrderEntity.table, afterSaleEntity.table, orderEntity.table, orderItemEntity.table, orderLogEntity.table] });
  return (
    <EntityListPage<RefundOrderRecord>
      entity={SEARCHED}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      rowActions={(record) =>
        retryGate.visible && record.status === FAILED ? (
          <Button
            type="link"
            size="small"
            disabled={retryGate.disabled}
            onClick={() =>
              modal.confirm({
                title: t('refundRetry.confirm', { no: String(record.no ?? ''), amount: moneyText(record.refundPrice) }),
                okText: t('crud:ok'),
                cancelText: t('crud:cancel'),
                onOk: async () => {
                  await retry.run({ url: RETRY_URL, method: 'post', values: { id: String(record.id) } });
                },
              })
            }
          >
            {t('refundRetry.action')}
          </Button>
        ) : null
      }
      renderers={{
        orderNo: (value, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={value} />,
        refundPrice: (value) => moneyText(value),
      }}
    />
  );
}
