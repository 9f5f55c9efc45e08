import { App, Form, Input, InputNumber, Modal, Table, type TableColumnType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityAction, useFormAction } from '../../../src/toolkit/crud';
import { purchaseDeliveryEntity, purchaseItemEntity, purchaseLogEntity, purchaseOrderEntity, type PurchaseItemRecord, type PurchaseOrderRecord } from '../purchase-entities';
import { PURCHASE_API, type PurchaseAction } from './purchase-model';

/** Every step refreshes the purchase orders, their lines, deliveries and logs wherever they show. */
const INVALIDATES = [purchaseOrderEntity.table, purchaseItemEntity.table, purchaseDeliveryEntity.table, purchaseLogEntity.table];
const left = (item: PurchaseItemRecord) => Number(item.count ?? 0) - Number(item.deliveredCount ?? 0);
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

interface DeliverValues {
  carrier?: string;
  logisticsNo?: string;
  counts: Record<string, number | null>;
}

/** 发货: for each line what is left to send, this delivery's count (all of it by default), carrier and waybill. */
function DeliverDialog({ order, onClose }: { order: PurchaseOrderRecord; onClose: () => void }) {
  const { t } = useTranslation(['purchases', 'crud']);
  const [form] = Form.useForm<DeliverValues>();
  const open = (order.items ?? []).filter((item) => left(item) > 0);
  const { submit, saving } = useFormAction<DeliverValues>(form, {
    invalidates: INVALIDATES,
    request: (values) => ({
      url: PURCHASE_API.deliver,
      method: 'post',
      values: {
        id: order.id,
        carrier: values.carrier ?? '',
        logisticsNo: values.logisticsNo ?? '',
        items: open.map((item) => ({ itemId: String(item.id), count: Number(values.counts[String(item.id)] ?? 0) })),
      },
    }),
    onDone: onClose,
  });
  const columns: TableColumnType<PurchaseItemRecord>[] = [
    { key: 'spuName', title: t('item.fields.spuName'), render: (_value: unknown, item) => [text(item.spuName), text(item.specText)].filter(Boolean).join(' ') },
    { key: 'count', dataIndex: 'count', title: t('item.fields.count'), width: 90 },
    { key: 'deliveredCount', dataIndex: 'deliveredCount', title: t('item.fields.deliveredCount'), width: 90 },
    {
      key: 'now',
      title: t('dialogs.deliverCount'),
      width: 140,
      render: (_value: unknown, item) => (
        <Form.Item name={['counts', String(item.id)]} style={{ marginBottom: 0 }}>
          <InputNumber min={0} max={left(item)} precision={0} aria-label={t('dialogs.deliverCountOf', { name: text(item.spuName) })} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
  ];
  return (
    <Modal open title={t('dialogs.deliverTitle', { no: text(order.no) })} width={760} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden data-testid="purchase-deliver-dialog">
      <Form<DeliverValues> form={form} layout="vertical" initialValues={{ counts: Object.fromEntries(open.map((item) => [String(item.id), left(item)])) }}>
        <Table<PurchaseItemRecord> rowKey="id" size="small" pagination={false} columns={columns} dataSource={open} style={{ marginBottom: 16 }} />
        <Form.Item name="carrier" label={t('delivery.fields.carrier')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="logisticsNo" label={t('delivery.fields.logisticsNo')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 拒绝 / 取消: a reason, required. */
function ReasonDialog({ order, action, onClose }: { order: PurchaseOrderRecord; action: 'reject' | 'cancel'; onClose: () => void }) {
  const { t } = useTranslation(['purchases', 'crud']);
  const [form] = Form.useForm<{ reason: string }>();
  const { submit, saving } = useFormAction<{ reason: string }>(form, {
    invalidates: INVALIDATES,
    request: (values) => ({ url: PURCHASE_API[action], method: 'post', values: { id: order.id, reason: values.reason.trim() } }),
    onDone: onClose,
  });
  return (
    <Modal open title={t(`actions.${action}`)} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} okButtonProps={{ danger: true }} confirmLoading={saving} destroyOnHidden data-testid="purchase-reason-dialog">
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('dialogs.reason')} rules={[{ required: true, whitespace: true, message: t('dialogs.reasonRequired') }, { max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The purchase order's buttons: 确认, 验收 and 完成 ask for a confirmation, 拒绝 and 取消 a reason, 发货 the
 * counts of this delivery. `dialogs` renders whichever is open; every success refreshes what shows the order.
 */
export function usePurchaseActions(): { open: (action: PurchaseAction, order: PurchaseOrderRecord) => void; dialogs: ReactNode } {
  const { t } = useTranslation(['purchases', 'crud']);
  const { modal } = App.useApp();
  const [current, setCurrent] = useState<{ action: 'deliver' | 'reject' | 'cancel'; order: PurchaseOrderRecord } | null>(null);
  const step = useEntityAction({ invalidates: INVALIDATES });
  const close = () => setCurrent(null);
  const open = (action: PurchaseAction, order: PurchaseOrderRecord) => {
    if (action === 'deliver' || action === 'reject' || action === 'cancel') {
      setCurrent({ action, order });
      return;
    }
    void modal.confirm({
      title: t(`dialogs.${action}Confirm`, { no: text(order.no) }),
      okText: t('crud:ok'),
      cancelText: t('crud:cancel'),
      onOk: async () => {
        await step.run({ url: PURCHASE_API[action], method: 'post', values: { id: order.id } });
      },
    });
  };
  const dialogs =
    current === null ? null : current.action === 'deliver' ? (
      <DeliverDialog key={String(current.order.id)} order={current.order} onClose={close} />
    ) : (
      <ReasonDialog key={`${current.action}${String(current.order.id)}`} order={current.order} action={current.action} onClose={close} />
    );
  return { open, dialogs };
}
