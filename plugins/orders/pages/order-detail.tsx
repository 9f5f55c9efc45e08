import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Typography, type TableColumnType } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert, moneyText, useCustomRead, useUrlParam } from '../../../src/toolkit/crud';
import { useAccessMap } from '../../../src/toolkit/permission';
import { DETAIL_COLUMNS, stateLogEntries, StateTimeline, usePageSubtitle } from '../../../src/toolkit/detail';
import { DictValue, useDictText } from '../../../src/toolkit/dict';
import { RefValue } from '../../../src/toolkit/refs';
import { StoredImage } from '../../../src/toolkit/upload';
import { ExpressTimeline } from '../components/express-timeline';
import { useOrderActions } from '../components/order-dialogs';
import { WechatShippingStatus } from '../components/wechat-shipping-status';
import { CONTRACT_PATH, DELIVERY_NOTE_PATH, isOrderAction, ORDER_ACTIONS, ORDER_API, ORDER_PERMISSIONS } from '../components/order-model';
import { DELIVERY_TYPE, DELIVERY_TYPE_DICT, ITEM_AFTER_SALE_STATUS_DICT, ORDER_CANCEL_TYPE_DICT, ORDER_REFUND_STATUS_DICT, ORDER_STATUS, ORDER_STATUS_DICT, orderEntity, type OrderItemRecord, type OrderRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function ItemsTable({ items }: { items: readonly OrderItemRecord[] }) {
  const { t } = useTranslation('orders');
  const columns: TableColumnType<OrderItemRecord>[] = [
    { key: 'picUrl', dataIndex: 'picUrl', title: t('orderItem.fields.picUrl'), width: 70, render: (value: unknown, item) => <StoredImage value={typeof value === 'string' ? value : null} alt={text(item.spuName)} size={40} /> },
    {
      key: 'spuName',
      dataIndex: 'spuName',
      title: t('orderItem.fields.spuName'),
      // A gift line (0.00, from a campaign) says it is one.
      render: (value: unknown, item) => (
        <span>
          {text(value)}
          {item.gift === true ? (
            <Tag color="magenta" style={{ marginInlineStart: 8 }} data-testid="order-gift-tag">
              {t('orderItem.fields.gift')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'specText', dataIndex: 'specText', title: t('orderItem.fields.specText') },
    { key: 'price', dataIndex: 'price', title: t('orderItem.fields.price'), width: 100, render: (value: unknown) => moneyText(value) },
    { key: 'count', dataIndex: 'count', title: t('orderItem.fields.count'), width: 80 },
    {
      key: 'subtotal',
      title: t('detail.subtotal'),
      width: 110,
      render: (_value: unknown, item) => moneyText(new Decimal(text(item.price) || 0).times(Number(item.count ?? 0)).toFixed(2)),
    },
    { key: 'payPrice', dataIndex: 'payPrice', title: t('orderItem.fields.payPrice'), width: 110, render: (value: unknown) => moneyText(value) },
    {
      key: 'afterSaleStatus',
      dataIndex: 'afterSaleStatus',
      title: t('orderItem.fields.afterSaleStatus'),
      width: 110,
      render: (value: unknown, item) => <DictValue dict={ITEM_AFTER_SALE_STATUS_DICT} value={value} text={item.afterSaleStatus_dictText} />,
    },
  ];
  return <Table<OrderItemRecord> rowKey="id" size="small" columns={columns} dataSource={[...items]} pagination={false} scroll={{ x: 800 }} data-testid="order-detail-items" />;
}

/** 商品总额, 运费, 调价, 优惠券抵扣, 会员折扣, 活动优惠, 积分抵扣, 实付, 已退款: exactly as the server keeps them. */
function Amounts({ order }: { order: OrderRecord }) {
  const { t } = useTranslation('orders');
  const deductions = ['couponPrice', 'vipPrice', 'discountPrice', 'pointPrice'] as const;
  // A deduction shows its minus only when there is one: never -0.00.
  const row = (key: string, label: string, value: unknown, deduction = false) => {
    const amount = moneyText(value ?? 0);
    const raw = text(value);
    const sign = deduction && /^-?\d+(\.\d+)?$/.test(raw) && !new Decimal(raw).isZero() ? '-' : '';
    return { key, label, children: <span data-testid={`order-amount-${key}`}>{`${sign}${amount}`}</span> };
  };
  return (
    <Descriptions
      size="small"
      column={DETAIL_COLUMNS}
      items={[
        row('totalPrice', t('detail.totalPrice'), order.totalPrice),
        row('deliveryPrice', t('order.fields.deliveryPrice'), order.deliveryPrice),
        row('adjustPrice', t('order.fields.adjustPrice'), order.adjustPrice),
        ...deductions.map((key) => row(key, t(`order.fields.${key}`), order[key], true)),
        { ...row('payPrice', t('order.fields.payPrice'), order.payPrice), children: <Typography.Text strong type="danger" data-testid="order-amount-payPrice">{moneyText(order.payPrice ?? 0)}</Typography.Text> },
        row('refundPrice', t('detail.refunded'), order.refundPrice),
      ]}
    />
  );
}

/**
 * 订单详情 (`/saleorder/saleOrderDetail?id=`, kept alive): 订单信息, 订单状态 with exactly the buttons the
 * server says the order allows now (the list's dialogs), 商品信息 with the exact amount breakdown, 收货信息
 * and 操作日志 as a timeline; links to the 送货单 and the 合同. It reloads after every action.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation(['orders', 'crud']);
  const navigate = useNavigate();
  const [idParam] = useUrlParam('id');
  const id = idParam !== null && RECORD_ID_PATTERN.test(idParam) ? idParam : null;
  const read = useCustomRead<OrderRecord>(id === null ? null : { url: ORDER_API.queryById, query: { id } }, { failure: t('detail.loadError') });
  const orderActions = useOrderActions(read.retry);
  const gates = useAccessMap(ORDER_PERMISSIONS);
  const dictText = useDictText();
  // Its tab says which order it shows (订单详情 · SO2026…).
  usePageSubtitle(read.value?.no);

  if (id === null) return <Empty description={t('detail.missingId')} />;
  const order = read.value;
  if (order === undefined) {
    return (
      <Spin spinning={read.loading}>
        {read.error !== null ? (
          <Alert type="error" showIcon message={read.error} data-testid="order-detail-error" action={<Button size="small" onClick={read.retry}>{t('detail.retry')}</Button>} />
        ) : (
          <div style={{ minHeight: 200 }} />
        )}
      </Spin>
    );
  }

  const status = text(order.status);
  const shipped = status === ORDER_STATUS.delivered || status === ORDER_STATUS.completed || text(order.logisticsNo) !== '';
  const actions = ORDER_ACTIONS.filter((action) => (order.actions ?? []).filter(isOrderAction).includes(action) && gates[action].visible);
  const field = (name: keyof OrderRecord & string, value?: unknown) => {
    const definition: { type: string; dict?: string } | undefined = (orderEntity.fields as Record<string, { type: string; dict?: string }>)[name];
    // A dictionary value in the current language (an express company, a table dictionary, is a name and stays as sent).
    if (value === undefined && definition?.dict !== undefined && text(order[name]) !== '') return { key: name, label: t(`order.fields.${name}`), children: <DictValue dict={definition.dict} value={order[name]} text={order[`${name}_dictText`]} /> };
    return { key: name, label: t(`order.fields.${name}`), children: text(value ?? order[`${name}_dictText`] ?? order[name]) || '-' };
  };

  return (
    <Spin spinning={read.loading}>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <Card
        title={t('detail.info')}
        style={{ marginBottom: 16 }}
        extra={
          <Space>
            <Button onClick={() => void navigate(`${DELIVERY_NOTE_PATH}?id=${encodeURIComponent(String(order.id))}`)}>{t('actions.printDelivery')}</Button>
            <Button onClick={() => void navigate(`${CONTRACT_PATH}?id=${encodeURIComponent(String(order.id))}`)}>{t('actions.contract')}</Button>
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={DETAIL_COLUMNS}
          items={[
            field('no', order.no),
            // The buyer links to 会员详情 (a member's order; a customer's has no page of its own).
            { ...field('buyerName', order.buyerName), children: <RefValue kind={text(order.memberId) === '' ? null : 'member'} value={order.memberId ?? order.buyerName} text={text(order.buyerName) || null} /> },
            field('type'),
            field('terminal'),
            field('userRemark', order.userRemark),
            field('remark', order.remark),
            field('payChannel'),
            field('payTime', order.payTime),
            ...(text(order.wxShippingStatus) === ''
              ? []
              : [{ key: 'wxShippingStatus', label: t('order.fields.wxShippingStatus'), children: <WechatShippingStatus order={order} canRecord={gates.deliver.visible} onRecorded={read.retry} /> }]),
            field('deliveryType'),
            // 到店自提: the store, the buyer's code and, once verified, when and by whom (门店核销).
            ...(text(order.pickupStoreId) === ''
              ? []
              : [field('pickupStoreId'), field('pickupCode', order.pickupCode), field('pickupVerifyTime', order.pickupVerifyTime), field('pickupVerifier')]),
            ...(shipped ? [field('expressId'), field('logisticsNo', order.logisticsNo)] : []),
          ]}
        />
      </Card>
      {/* 物流跟踪: the waybill's events, under the shipment it belongs to. */}
      {text(order.deliveryType) === DELIVERY_TYPE.express && text(order.logisticsNo) !== '' ? <ExpressTimeline orderId={String(order.id)} onRefreshed={read.retry} /> : null}
      <Card title={t('detail.state')} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space>
            <Tag color="blue" style={{ fontSize: 16, padding: '4px 12px' }} data-testid="order-detail-status">
              {dictText(ORDER_STATUS_DICT, order.status, order.status_dictText)}
            </Tag>
            {text(order.refundStatus) !== '' && text(order.refundStatus) !== '0' ? <Tag color="orange">{dictText(ORDER_REFUND_STATUS_DICT, order.refundStatus, order.refundStatus_dictText)}</Tag> : null}
            {text(order.cancelType) !== '' ? <Typography.Text type="secondary">{dictText(ORDER_CANCEL_TYPE_DICT, order.cancelType, order.cancelType_dictText)}</Typography.Text> : null}
          </Space>
          {actions.length > 0 ? (
            <Space wrap data-testid="order-detail-actions">
              {actions.map((action) => (
                <Button key={action} type={action === 'deliver' ? 'primary' : 'default'} danger={action === 'close'} disabled={gates[action].disabled} onClick={() => orderActions.open(action, order)}>
                  {t(`actions.${action}`)}
                </Button>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>
          )}
        </Space>
      </Card>
      <Card title={t('detail.goods')} style={{ marginBottom: 16 }}>
        <ItemsTable items={order.items ?? []} />
        <div style={{ marginTop: 16 }}>
          <Amounts order={order} />
        </div>
      </Card>
      <Card title={t('detail.receiver')} style={{ marginBottom: 16 }}>
        {text(order.receiverName) === '' ? (
          <Typography.Text type="secondary" data-testid="order-no-receiver">
            {text(order.deliveryType) === DELIVERY_TYPE.express || text(order.deliveryType) === '' ? t('detail.noReceiver') : t('detail.noReceiverNeeded', { type: dictText(DELIVERY_TYPE_DICT, order.deliveryType, order.deliveryType_dictText) })}
          </Typography.Text>
        ) : (
          <Descriptions
            size="small"
            column={DETAIL_COLUMNS}
            items={[field('receiverName', order.receiverName), field('receiverMobile', order.receiverMobile), field('receiverAreaId', order.receiverAreaId_refText ?? order.receiverAreaId), field('receiverDetailAddress', order.receiverDetailAddress), field('deliveryTime', order.deliveryTime), field('receiveTime', order.receiveTime)]}
          />
        )}
      </Card>
      <Card title={t('detail.logs')}>
        <StateTimeline entries={stateLogEntries(order.logs ?? [], (value, serverText) => dictText(ORDER_STATUS_DICT, value, serverText))} testId="order-logs" />
      </Card>
      {orderActions.dialogs}
    </Spin>
  );
}
