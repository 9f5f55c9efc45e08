import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert, moneyText, useCustomRead, useUrlParam } from '../../../src/toolkit/crud';
import { DETAIL_COLUMNS, stateLogEntries, StateTimeline, usePageSubtitle } from '../../../src/toolkit/detail';
import { useDictText } from '../../../src/toolkit/dict';
import { useAccessMap } from '../../../src/toolkit/permission';
import { CONTRACT_PATH, DELIVERY_NOTE_PATH } from '../components/order-model';
import { usePurchaseActions } from '../components/purchase-dialogs';
import { isPurchaseAction, PURCHASE_ACTIONS, PURCHASE_API, PURCHASE_PERMISSIONS } from '../components/purchase-model';
import { PURCHASE_STATUS_DICT, purchaseOrderEntity, type PurchaseDeliveryRecord, type PurchaseItemRecord, type PurchaseOrderRecord } from '../purchase-entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * 采购订单详情 (`/zcy/purchaseOrderDetail?id=`, kept alive): 基本信息, the status with exactly the buttons the
 * server allows now, 明细 with tax and the delivered counts, 发货记录 (each delivery with its own 送货单), the
 * amounts, 日志 as a timeline, and the 送货单 / 合同 PDFs (the orders' document pages with `source=zcy`).
 */
export default function PurchaseOrderDetailPage() {
  const { t } = useTranslation(['purchases', 'crud']);
  const navigate = useNavigate();
  const [idParam] = useUrlParam('id');
  const id = idParam !== null && RECORD_ID_PATTERN.test(idParam) ? idParam : null;
  // Keyed among the purchase orders' lists: every step (here or on the list) refreshes it.
  const read = useCustomRead<PurchaseOrderRecord>(id === null ? null : { url: PURCHASE_API.queryById, query: { id } }, { failure: t('detail.loadError'), family: purchaseOrderEntity.table });
  const actions = usePurchaseActions();
  const gates = useAccessMap(PURCHASE_PERMISSIONS);
  const dictText = useDictText();
  usePageSubtitle(read.value?.no);

  if (id === null) return <Empty description={t('detail.missingId')} />;
  const order = read.value;
  if (order === undefined) {
    return (
      <Spin spinning={read.loading}>
        {read.error !== null ? <Alert type="error" showIcon message={read.error} action={<Button size="small" onClick={read.retry}>{t('detail.retry')}</Button>} /> : <div style={{ minHeight: 200 }} />}
      </Spin>
    );
  }

  const field = (name: string, value?: unknown) => ({ key: name, label: t(`order.fields.${name}`), children: text(value ?? order[`${name}_dictText`] ?? order[name]) || '-' });
  const money = (name: string) => ({ key: name, label: t(`order.fields.${name}`), children: <span data-testid={`purchase-amount-${name}`}>{moneyText(order[name] ?? 0)}</span> });
  const buttons = PURCHASE_ACTIONS.filter((action) => (order.actions ?? []).filter(isPurchaseAction).includes(action) && gates[action].visible);
  const documentQuery = `?id=${encodeURIComponent(String(order.id))}&source=zcy`;
  const itemColumns: TableColumnType<PurchaseItemRecord>[] = [
    { key: 'spuName', dataIndex: 'spuName', title: t('item.fields.spuName') },
    { key: 'specText', dataIndex: 'specText', title: t('item.fields.specText') },
    { key: 'price', dataIndex: 'price', title: t('item.fields.price'), width: 100, render: (value: unknown) => moneyText(value) },
    { key: 'count', dataIndex: 'count', title: t('item.fields.count'), width: 80 },
    { key: 'taxPercent', dataIndex: 'taxPercent', title: t('item.fields.taxPercent'), width: 90, render: (value: unknown) => `${text(value)}%` },
    { key: 'taxPrice', dataIndex: 'taxPrice', title: t('item.fields.taxPrice'), width: 100, render: (value: unknown) => moneyText(value) },
    { key: 'totalPrice', dataIndex: 'totalPrice', title: t('item.fields.totalPrice'), width: 110, render: (value: unknown) => moneyText(value) },
    { key: 'deliveredCount', dataIndex: 'deliveredCount', title: t('item.fields.deliveredCount'), width: 90 },
  ];
  const deliveryColumns: TableColumnType<PurchaseDeliveryRecord>[] = [
    { key: 'no', dataIndex: 'no', title: t('delivery.fields.no'), width: 180 },
    { key: 'createTime', dataIndex: 'createTime', title: t('delivery.time'), width: 170 },
    { key: 'carrier', dataIndex: 'carrier', title: t('delivery.fields.carrier'), width: 120 },
    { key: 'logisticsNo', dataIndex: 'logisticsNo', title: t('delivery.fields.logisticsNo'), width: 160 },
    { key: 'content', dataIndex: 'content', title: t('delivery.fields.content') },
    {
      key: 'note',
      title: t('crud:actions'),
      width: 110,
      render: (_value: unknown, delivery) => (
        <Button type="link" size="small" onClick={() => void navigate(`${DELIVERY_NOTE_PATH}${documentQuery}&delivery=${encodeURIComponent(String(delivery.id))}`)} data-testid="purchase-delivery-note">
          {t('delivery.note')}
        </Button>
      ),
    },
  ];
  // Each delivery has its own 送货单 (the row's button); the header's prints the latest, none before anything shipped.
  const delivered = (order.deliveries ?? []).length > 0;

  return (
    <Spin spinning={read.loading}>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <Card
        title={t('detail.info')}
        style={{ marginBottom: 16 }}
        extra={
          <Space>
            <Button disabled={!delivered} title={delivered ? undefined : t('detail.noDeliveries')} onClick={() => void navigate(`${DELIVERY_NOTE_PATH}${documentQuery}`)}>
              {t('actions.printDelivery')}
            </Button>
            <Button onClick={() => void navigate(`${CONTRACT_PATH}${documentQuery}`)}>{t('actions.contract')}</Button>
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={DETAIL_COLUMNS}
          items={[
            field('no', order.no),
            field('platformNo', order.platformNo),
            field('buyerName', order.buyerName),
            field('contactName', order.contactName),
            field('contactMobile', order.contactMobile),
            field('address', order.address),
            field('orderTime', order.orderTime),
            field('requiredDate', order.requiredDate),
            field('contractNo', order.contractNo),
            field('invoiceTitle', order.invoiceTitle),
            field('invoiceTaxNo', order.invoiceTaxNo),
            field('remark', order.remark),
          ]}
        />
      </Card>
      <Card title={t('detail.state')} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Tag color="blue" style={{ fontSize: 16, padding: '4px 12px' }} data-testid="purchase-status">
            {dictText(PURCHASE_STATUS_DICT, order.status, order.status_dictText)}
          </Tag>
          {buttons.length > 0 ? (
            <Space wrap data-testid="purchase-actions">
              {buttons.map((action) => (
                <Button key={action} type={action === 'confirm' || action === 'deliver' ? 'primary' : 'default'} danger={action === 'reject' || action === 'cancel'} disabled={gates[action].disabled} onClick={() => actions.open(action, order)}>
                  {t(`actions.${action}`)}
                </Button>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>
          )}
        </Space>
      </Card>
      <Card title={t('detail.items')} style={{ marginBottom: 16 }}>
        <Table<PurchaseItemRecord> rowKey="id" size="small" columns={itemColumns} dataSource={order.items ?? []} pagination={false} scroll={{ x: 900 }} data-testid="purchase-items" />
        <Descriptions style={{ marginTop: 16 }} size="small" column={DETAIL_COLUMNS} items={[money('goodsPrice'), money('taxPrice'), money('discountPrice'), money('totalPrice'), money('depositPrice')]} />
      </Card>
      <Card title={t('detail.deliveries')} style={{ marginBottom: 16 }}>
        <Table<PurchaseDeliveryRecord> rowKey="id" size="small" columns={deliveryColumns} dataSource={order.deliveries ?? []} pagination={false} locale={{ emptyText: t('detail.noDeliveries') }} data-testid="purchase-deliveries" />
      </Card>
      <Card title={t('detail.logs')}>
        <StateTimeline entries={stateLogEntries(order.logs ?? [], (value, serverText) => dictText(PURCHASE_STATUS_DICT, value, serverText))} testId="purchase-logs" />
      </Card>
      {actions.dialogs}
    </Spin>
  );
}
