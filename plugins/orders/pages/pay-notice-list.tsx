import { useTranslation } from 'react-i18next';
import { EntityListPage, moneyText, useEntityAction } from '../../../src/toolkit/crud';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { withoutSearchFields } from '../components/refund-search-fields';
import { orderEntity, orderItemEntity, orderLogEntity, payNoticeEntity, payRecordEntity, type PayNoticeRecord } from '../entities';

const RECHECK_URL = '/saleorder/payNotice/recheck';

/** Searched by what a person knows (numbers, channel, result, time), not by internal ids. */
const SEARCHED = withoutSearchFields(payNoticeEntity, ['orderId']);

/**
 * 支付通知: every notification of the payment channels, newest first — whether its signature held, what it did and, when
 * it changed nothing, why. 重新核对 asks the order's channel about its payment now and applies the answer the way a
 * notification would (plugins/orders/server/payments/recheck.ts), adding a row of its own.
 */
export default function PayNoticeListPage() {
  const { t } = useTranslation(['payNotices']);
  // A re-check may pay the order: its list, detail and payments refresh themselves.
  const recheck = useEntityAction({ invalidates: [payNoticeEntity.table, payRecordEntity.table, orderEntity.table, orderItemEntity.table, orderLogEntity.table] });
  return (
    <EntityListPage<PayNoticeRecord>
      entity={SEARCHED}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      rowActions={() => [
        {
          key: 'recheck',
          label: t('recheck'),
          code: 'saleorder:payNotice:recheck',
          confirm: (record) => `${t('recheckTitle', { orderNo: String(record.orderNo ?? '') })} ${t('recheckHint')}`,
          showFor: (record) => typeof record.orderId === 'string' && record.orderId !== '',
          onClick: async (record) => {
            await recheck.run({ url: RECHECK_URL, method: 'post', values: { id: String(record.orderId) } });
          },
        },
      ]}
      renderers={{
        orderNo: (value, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={value} />,
        amount: (value) => moneyText(value),
      }}
    />
  );
}
