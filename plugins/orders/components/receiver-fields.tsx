import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefInput } from '../../../src/toolkit/refs';

/**
 * The receiver of an order as every form takes it (修改地址, a 线下订单 sent by express): 收货人, 手机, 收货地区
 * and 详细地址, each required, as the server's routes check them.
 */

export interface ReceiverValues {
  receiverName: string;
  receiverMobile: string;
  receiverAreaId: string;
  receiverDetailAddress: string;
}

export const RECEIVER_FIELDS = ['receiverName', 'receiverMobile', 'receiverAreaId', 'receiverDetailAddress'] as const;

const MOBILE = /^\+?[0-9]{5,20}$/;

/** The receiver fields trimmed, as the routes take them. */
export function receiverBody(values: Partial<ReceiverValues>): ReceiverValues {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value).trim());
  return {
    receiverName: text(values.receiverName),
    receiverMobile: text(values.receiverMobile),
    receiverAreaId: text(values.receiverAreaId),
    receiverDetailAddress: text(values.receiverDetailAddress),
  };
}

/** The four form items, inside the caller's <Form>. */
export function ReceiverFormItems() {
  const { t } = useTranslation('orders');
  const required = (field: string) => ({ required: true, whitespace: true, message: t('dialogs.required', { label: t(`order.fields.${field}`) }) });
  return (
    <>
      <Form.Item name="receiverName" label={t('order.fields.receiverName')} rules={[required('receiverName'), { max: 32 }]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="receiverMobile" label={t('order.fields.receiverMobile')} rules={[required('receiverMobile'), { pattern: MOBILE, message: t('dialogs.mobileInvalid') }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="receiverAreaId" label={t('order.fields.receiverAreaId')} rules={[required('receiverAreaId')]}>
        <RefInput kind="region" aria-label={t('order.fields.receiverAreaId')} />
      </Form.Item>
      <Form.Item name="receiverDetailAddress" label={t('order.fields.receiverDetailAddress')} rules={[required('receiverDetailAddress'), { max: 255 }]}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
    </>
  );
}
