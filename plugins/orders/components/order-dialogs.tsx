import { Alert, App, Form, Input, InputNumber, Modal, Select, Spin, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, moneyText, useCustomRead, useDialogClose, useEntityAction, useFreshRecord } from '../../../src/toolkit/crud';
import { ROW_VERSION_FIELD } from '../../../src/contracts/entity';
import { useDictText } from '../../../src/toolkit/dict';
import { DELIVERY_TYPE, DELIVERY_TYPE_DICT, expressEntity, orderEntity, orderItemEntity, orderLogEntity, type OrderRecord } from '../entities';
import { ORDER_API, type OrderAction } from './order-model';
import { ReceiverFormItems, receiverBody, type ReceiverValues } from './receiver-fields';

/**
 * The dialogs of an order's buttons, shared by 订单列表 and 订单详情: 发货, 备注, 修改地址, 调价, 关闭
 * (each a form, the server's message shown, the dialog kept open with what was typed on a refusal) and
 * 确认付款 (a confirmation). `onDone` runs after every success (the screen reloads what it shows).
 */

type DialogKind = Exclude<OrderAction, 'confirmPayment'>;
interface Open {
  kind: DialogKind;
  order: OrderRecord;
}

const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;

/** The resulting 实付 of an adjustment, exactly; null while the amount is not a valid one. */
export function adjustedPay(order: OrderRecord, adjust: unknown): Decimal | null {
  const text = typeof adjust === 'number' ? String(adjust) : typeof adjust === 'string' ? adjust.trim() : '';
  if (!MONEY.test(text)) return null;
  return new Decimal(String(order.payPrice ?? 0)).plus(text);
}

function useAction(onDone: () => void) {
  const action = useEntityAction({ invalidates: [orderEntity.table, orderItemEntity.table, orderLogEntity.table] });
  const send = async (url: string, values: object): Promise<boolean> => {
    const answer = await action.run({ url, method: 'post', values });
    if (answer === undefined) return false;
    onDone();
    return true;
  };
  return { send, running: action.running };
}

function OrderModal({ open, title, running, onClose, onOk, children, testId, danger, okDisabled }: { open: boolean; title: string; running: boolean; onClose: () => void; onOk: () => void; children: ReactNode; testId: string; danger?: boolean; okDisabled?: boolean }) {
  const { t } = useTranslation('crud');
  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={onOk} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger, disabled: okDisabled }} confirmLoading={running} destroyOnHidden data-testid={testId}>
      {children}
    </Modal>
  );
}

/**
 * The order as it is now, read when an edit dialog opens (the row it was opened from may be older): the dialog
 * starts from it and its save carries the version it read, so a change made meanwhile is never overwritten.
 */
function useOrderNow(order: OrderRecord) {
  const { t } = useTranslation('crud');
  const fresh = useFreshRecord<OrderRecord>(orderEntity, String(order.id));
  const version = fresh.record?.[ROW_VERSION_FIELD];
  return {
    current: fresh.record,
    version: typeof version === 'string' ? { [ROW_VERSION_FIELD]: version } : {},
    status: (
      <>
        <LoadErrorAlert error={fresh.loadError ? t('loadError') : null} onRetry={fresh.retry} />
        {fresh.loading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      </>
    ),
  };
}

const orderNoOf = (order: OrderRecord) => String(order.no ?? '');

/**
 * The tenant's enabled express companies (by 排序), read from the express list filtered by status: the
 * `sale_express` table dictionary also names the disabled ones (so old orders keep showing theirs), and a
 * disabled company is refused at 发货.
 */
function useExpressOptions(enabled = true) {
  const { t } = useTranslation('orders');
  const read = useCustomRead<{ records: Array<{ id: string; name: string }> }>(
    enabled ? { url: `${expressEntity.api}/list`, query: { status: '1', pageNo: 1, pageSize: 200, column: 'sort', order: 'asc' } } : null,
    { failure: t('dialogs.expressError') },
  );
  return { options: (read.value?.records ?? []).map((express) => ({ value: express.id, label: express.name })), loading: read.loading, error: read.error };
}

/**
 * 发货: by express (company and waybill number) to the order's address; an order for 到店自提 or 无需物流
 * (a 线下订单 may be) is handed over without them. An express order without an address says so: the server
 * refuses to ship it until 修改地址 gives it one.
 */
function DeliverForm({ order, onClose, onDone }: { order: OrderRecord; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'crud']);
  const [form] = Form.useForm<{ expressId: string; logisticsNo: string }>();
  const handedOver = order.deliveryType === DELIVERY_TYPE.pickUp || order.deliveryType === DELIVERY_TYPE.none;
  const express = useExpressOptions(!handedOver);
  const { send, running } = useAction(onDone);
  const dialog = useDialogClose(onClose);
  const dictText = useDictText();
  const submit = async () => {
    if (handedOver) {
      if (await send(ORDER_API.deliver, { id: order.id })) onClose();
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    if (await send(ORDER_API.deliver, { id: order.id, expressId: values.expressId, logisticsNo: values.logisticsNo.trim() })) dialog.done();
  };
  const noAddress = !handedOver && (typeof order.receiverDetailAddress !== 'string' || order.receiverDetailAddress.trim() === '');
  return (
    <OrderModal open title={t('dialogs.deliverTitle')} running={running} onClose={dialog.close} onOk={() => void submit()} testId="order-deliver-dialog">
      <Form form={form} name="order-deliver" layout="vertical" preserve={false} onFinish={() => void submit()} onValuesChange={dialog.markChanged}>
        <Form.Item label={t('order.fields.no')}>
          <Typography.Text>{orderNoOf(order)}</Typography.Text>
        </Form.Item>
        {handedOver ? (
          <Alert type="info" showIcon message={t('dialogs.deliverHandedOver', { type: dictText(DELIVERY_TYPE_DICT, order.deliveryType, order.deliveryType_dictText) })} data-testid="order-deliver-handed-over" />
        ) : (
          <>
            {noAddress ? <Alert type="warning" showIcon message={t('dialogs.deliverNoAddress')} style={{ marginBottom: 16 }} data-testid="order-deliver-no-address" /> : null}
            <Form.Item name="expressId" label={t('order.fields.expressId')} rules={[{ required: true, message: t('dialogs.expressRequired') }]}>
              <Select showSearch optionFilterProp="label" options={express.options} loading={express.loading} placeholder={t('dialogs.expressRequired')} />
            </Form.Item>
            {express.error !== null ? <Alert type="error" showIcon message={express.error} style={{ marginBottom: 16 }} /> : null}
            <Form.Item name="logisticsNo" label={t('order.fields.logisticsNo')} rules={[{ required: true, whitespace: true, message: t('dialogs.logisticsNoRequired') }, { max: 64 }]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </>
        )}
      </Form>
    </OrderModal>
  );
}

function RemarkForm({ order, onClose, onDone }: { order: OrderRecord; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'crud']);
  const [form] = Form.useForm<{ remark: string }>();
  const { send, running } = useAction(onDone);
  const dialog = useDialogClose(onClose);
  const { current, version, status } = useOrderNow(order);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    if (await send(ORDER_API.remark, { id: order.id, remark: (values.remark ?? '').trim(), ...version })) dialog.done();
  };
  return (
    <OrderModal open title={t('dialogs.remarkTitle')} running={running} onClose={dialog.close} onOk={() => void submit()} okDisabled={current === undefined} testId="order-remark-dialog">
      {status}
      {current !== undefined ? (
        <Form form={form} name="order-remark" layout="vertical" preserve={false} initialValues={{ remark: typeof current.remark === 'string' ? current.remark : '' }} onValuesChange={dialog.markChanged}>
          <Form.Item name="remark" label={t('order.fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} rows={3} showCount />
          </Form.Item>
        </Form>
      ) : null}
    </OrderModal>
  );
}

function AddressForm({ order, onClose, onDone }: { order: OrderRecord; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'crud']);
  const [form] = Form.useForm<ReceiverValues>();
  const { send, running } = useAction(onDone);
  const dialog = useDialogClose(onClose);
  const { current, version, status } = useOrderNow(order);
  const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    if (await send(ORDER_API.updateAddress, { id: order.id, ...receiverBody(values), ...version })) dialog.done();
  };
  return (
    <OrderModal open title={t('dialogs.addressTitle')} running={running} onClose={dialog.close} onOk={() => void submit()} okDisabled={current === undefined} testId="order-address-dialog">
      {status}
      {current === undefined ? null : (
        <Form
          form={form}
          name="order-address"
          layout="vertical"
          preserve={false}
          initialValues={{ receiverName: text(current.receiverName), receiverMobile: text(current.receiverMobile), receiverAreaId: text(current.receiverAreaId), receiverDetailAddress: text(current.receiverDetailAddress) }}
          onValuesChange={dialog.markChanged}
        >
          <ReceiverFormItems />
        </Form>
      )}
    </OrderModal>
  );
}

function AdjustForm({ order, onClose, onDone }: { order: OrderRecord; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'crud']);
  const [form] = Form.useForm<{ adjustPrice: string | null }>();
  const adjust = Form.useWatch('adjustPrice', form);
  const { send, running } = useAction(onDone);
  const result = adjustedPay(order, adjust);
  const dialog = useDialogClose(onClose);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null || values.adjustPrice === null) return;
    if (await send(ORDER_API.adjustPrice, { id: order.id, adjustPrice: String(values.adjustPrice).trim() })) dialog.done();
  };
  return (
    <OrderModal open title={t('dialogs.adjustTitle')} running={running} onClose={dialog.close} onOk={() => void submit()} testId="order-adjust-dialog">
      <Form form={form} name="order-adjust" layout="vertical" preserve={false} initialValues={{ adjustPrice: null }} onValuesChange={dialog.markChanged}>
        <Form.Item label={t('dialogs.currentPay')}>
          <Typography.Text>{moneyText(order.payPrice)}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="adjustPrice"
          label={t('dialogs.adjustAmount')}
          extra={t('dialogs.adjustHint')}
          rules={[
            { required: true, message: t('dialogs.adjustRequired') },
            {
              validator: async (_rule, value: unknown) => {
                if (value === null || value === undefined || value === '') return;
                const after = adjustedPay(order, value);
                if (after === null) throw new Error(t('dialogs.adjustFormat'));
                if (after.lessThanOrEqualTo(0)) throw new Error(t('dialogs.adjustPositive'));
              },
            },
          ]}
        >
          <InputNumber<string> stringMode precision={2} step="0.01" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('dialogs.resultPay')}>
          <Typography.Text strong type={result !== null && result.lessThanOrEqualTo(0) ? 'danger' : undefined} data-testid="order-adjust-result">
            {result === null ? '-' : result.toFixed(2)}
          </Typography.Text>
        </Form.Item>
      </Form>
    </OrderModal>
  );
}

function CloseForm({ order, onClose, onDone }: { order: OrderRecord; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'crud']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const { send, running } = useAction(onDone);
  const dialog = useDialogClose(onClose);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    void modal.confirm({
      title: t('dialogs.closeConfirm', { no: orderNoOf(order) }),
      okText: t('crud:ok'),
      cancelText: t('crud:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await send(ORDER_API.close, { id: order.id, reason: values.reason.trim() })) dialog.done();
      },
    });
  };
  return (
    <OrderModal open danger title={t('dialogs.closeTitle')} running={running} onClose={dialog.close} onOk={() => void submit()} testId="order-close-dialog">
      <Form form={form} name="order-close" layout="vertical" preserve={false} initialValues={{ reason: '' }} onValuesChange={dialog.markChanged}>
        <Form.Item label={t('order.fields.no')}>
          <Typography.Text>{orderNoOf(order)}</Typography.Text>
        </Form.Item>
        <Form.Item name="reason" label={t('dialogs.closeReason')} rules={[{ required: true, whitespace: true, message: t('dialogs.required', { label: t('dialogs.closeReason') }) }, { max: 200 }]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </OrderModal>
  );
}

/**
 * The order buttons' behaviour: `open(action, order)` shows the action's dialog (确认付款 asks first),
 * `dialogs` renders whichever is open. `onDone` after each success.
 */
export function useOrderActions(onDone: () => void = () => undefined): { open: (action: OrderAction, order: OrderRecord) => void; dialogs: ReactNode } {
  const { t } = useTranslation(['orders', 'crud']);
  const { modal } = App.useApp();
  const [current, setCurrent] = useState<Open | null>(null);
  const payment = useAction(onDone);
  const close = () => setCurrent(null);

  const open = (action: OrderAction, order: OrderRecord) => {
    if (action !== 'confirmPayment') {
      setCurrent({ kind: action, order });
      return;
    }
    void modal.confirm({
      title: t('dialogs.confirmPayment', { no: orderNoOf(order), amount: moneyText(order.payPrice) }),
      okText: t('crud:ok'),
      cancelText: t('crud:cancel'),
      onOk: async () => {
        await payment.send(ORDER_API.confirmPayment, { id: order.id });
      },
    });
  };

  const props = current === null ? null : { order: current.order, onClose: close, onDone };
  const dialogs =
    props === null || current === null ? null : current.kind === 'deliver' ? (
      <DeliverForm key={String(current.order.id)} {...props} />
    ) : current.kind === 'remark' ? (
      <RemarkForm key={String(current.order.id)} {...props} />
    ) : current.kind === 'updateAddress' ? (
      <AddressForm key={String(current.order.id)} {...props} />
    ) : current.kind === 'adjustPrice' ? (
      <AdjustForm key={String(current.order.id)} {...props} />
    ) : (
      <CloseForm key={String(current.order.id)} {...props} />
    );
  return { open, dialogs };
}
