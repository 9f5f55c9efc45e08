import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntityAction } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { orderEntity, WX_SHIPPING_STATUS_DICT, type OrderRecord } from '../entities';

const FAILED = '20';
const RECORD_URL = '/saleorder/saleOrder/wechatShipping';

/**
 * 微信发货信息 of an order paid through WeChat Pay (plugins/orders/server/payments/wechat-shipping.ts): 待录入, 已录入, or
 * 录入失败 with WeChat's reason and 重新录入 for staff who may ship.
 */
export function WechatShippingStatus({ order, canRecord, onRecorded }: { order: OrderRecord; canRecord: boolean; onRecorded: () => void }) {
  const { t } = useTranslation('orders');
  const record = useEntityAction({ invalidates: [orderEntity.table] });
  const status = order.wxShippingStatus === null || order.wxShippingStatus === undefined ? '' : String(order.wxShippingStatus);
  const error = order.wxShippingError === null || order.wxShippingError === undefined ? '' : String(order.wxShippingError);
  return (
    <Space wrap data-testid="order-wx-shipping">
      <DictValue dict={WX_SHIPPING_STATUS_DICT} value={status} text={typeof order.wxShippingStatus_dictText === 'string' ? order.wxShippingStatus_dictText : undefined} />
      {status === FAILED && error !== '' ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      {status === FAILED && canRecord ? (
        <Button
          size="small"
          loading={record.running}
          onClick={() => {
            void record.run({ url: RECORD_URL, method: 'post', values: { id: String(order.id) } }).then(onRecorded);
          }}
        >
          {t('wxShipping.retry')}
        </Button>
      ) : null}
    </Space>
  );
}
