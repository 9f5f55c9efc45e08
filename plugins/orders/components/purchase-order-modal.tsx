import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Table, Typography, type TableColumnType } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import Decimal from 'decimal.js';
import type { Dayjs } from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { amountValue, moneyText, RemoteSelect, useFormAction, type RemoteRow } from '../../../src/toolkit/crud';
import { purchaseOrderEntity } from '../purchase-entities';
import { PURCHASE_API } from './purchase-model';

/** Other plugins' HTTP lists the dialog searches (never their code). */
const CUSTOMER_LIST = '/cust/customer/list';
const SKU_LIST = '/goods/goodsStock/list';

type Row = RemoteRow;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const customerSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { name: `*${keyword}*` });
const customerLabel = (row: Row) => text(row.name);
const skuSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { spuName: `*${keyword}*` });

interface Line {
  skuId?: string;
  count?: number;
  price?: string;
  taxPercent?: string;
}

interface Values {
  customerId: string;
  platformNo?: string;
  requiredDate?: Dayjs | null;
  contractNo?: string;
  discountPrice?: string;
  depositPrice?: string;
  remark?: string;
  lines: Line[];
}

const decimalOf = (value: unknown): Decimal | null => {
  const raw = text(value).trim();
  if (raw === '' || !/^\d+(\.\d{1,2})?$/.test(raw)) return null;
  return new Decimal(raw);
};

/** A line's total with tax (shown while typing; the server computes the real one the same way). */
export function purchaseLineTotal(line: Line | undefined): Decimal | null {
  const price = decimalOf(line?.price);
  if (price === null || line?.count === undefined) return null;
  const goods = price.times(line.count);
  const rate = decimalOf(line.taxPercent) ?? new Decimal(0);
  return goods.plus(goods.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

/**
 * 录入采购订单: the buyer (a customer of the customers plugin), the platform's order number, the required
 * delivery date, contract number, lines (SKU, count, unit price before tax — the SKU's own by default — and
 * tax rate), discount, deposit and remark; saved through `POST /zcy/purchaseOrder/add`.
 */
export function PurchaseOrderModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['purchases', 'crud']);
  const [form] = Form.useForm<Values>();
  const lines = Form.useWatch('lines', form) as Line[] | undefined;
  const { submit, saving } = useFormAction<Values>(form, {
    invalidates: [purchaseOrderEntity.table],
    request: (values) => ({
      url: PURCHASE_API.add,
      method: 'post',
      values: {
        customerId: values.customerId,
        platformNo: values.platformNo ?? '',
        requiredDate: values.requiredDate ? values.requiredDate.format('YYYY-MM-DD') : null,
        contractNo: values.contractNo ?? '',
        discountPrice: values.discountPrice ?? '0',
        depositPrice: values.depositPrice ?? '0',
        remark: values.remark ?? '',
        items: values.lines.map((line) => ({ skuId: line.skuId, count: line.count, price: line.price, taxPercent: line.taxPercent ?? '0' })),
      },
    }),
    onDone: () => onClose(),
  });
  const skuLabel = useCallback((row: Row) => t('form.skuOption', { name: [text(row.spuName), text(row.specText)].filter(Boolean).join(' '), count: Number(row.stock ?? 0) }), [t]);
  const pickSku = (index: number, row: Row | undefined) => {
    if (row === undefined || row.price === undefined || row.price === null) return;
    form.setFieldValue(['lines', index, 'price'], amountValue(row.price));
  };
  const total = (lines ?? []).reduce((sum, line) => sum.plus(purchaseLineTotal(line) ?? 0), new Decimal(0));

  const money = (name: (string | number)[], label: string, required = false) => (
    <Form.Item name={name} rules={required ? [{ required: true, message: t('form.priceRequired') }] : []} style={{ marginBottom: 0 }}>
      <InputNumber<string> stringMode min="0" max="999999999" precision={2} aria-label={label} style={{ width: '100%' }} />
    </Form.Item>
  );
  const columns: TableColumnType<FormListFieldData>[] = [
    {
      key: 'skuId',
      title: t('item.fields.spuName'),
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'skuId']} rules={[{ required: true, message: t('form.skuRequired') }]} style={{ marginBottom: 0 }}>
          <RemoteSelect url={SKU_LIST} search={skuSearch} label={skuLabel} placeholder={t('form.skuPlaceholder')} aria-label={t('item.fields.spuName')} onPick={(row) => pickSku(field.name, row)} />
        </Form.Item>
      ),
    },
    {
      key: 'count',
      title: t('item.fields.count'),
      width: 100,
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'count']} rules={[{ required: true, message: t('form.countRequired') }]} style={{ marginBottom: 0 }}>
          <InputNumber min={1} max={999_999} precision={0} aria-label={t('item.fields.count')} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
    { key: 'price', title: t('item.fields.price'), width: 130, render: (_value: unknown, field) => money([field.name, 'price'], t('item.fields.price'), true) },
    {
      key: 'taxPercent',
      title: t('item.fields.taxPercent'),
      width: 100,
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'taxPercent']} style={{ marginBottom: 0 }}>
          <InputNumber<string> stringMode min="0" max="100" precision={2} aria-label={t('item.fields.taxPercent')} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
    {
      key: 'total',
      title: t('item.fields.totalPrice'),
      width: 110,
      render: (_value: unknown, field) => purchaseLineTotal(lines?.[field.name])?.toFixed(2) ?? '—',
    },
    {
      key: 'remove',
      title: t('crud:actions'),
      width: 64,
      render: (_value: unknown, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removeLine', { row: field.name + 1 })} onClick={() => form.setFieldValue('lines', (lines ?? []).filter((_line, index) => index !== field.name))} />,
    },
  ];

  return (
    <Modal open={open} title={t('form.title')} width={960} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden forceRender>
      <Form<Values> form={form} name="purchaseOrder" layout="vertical" preserve={false} initialValues={{ lines: [{ count: 1, taxPercent: '13' }] }}>
        <Space size="large" wrap align="start" style={{ width: '100%' }}>
          <Form.Item name="customerId" label={t('order.fields.buyerName')} rules={[{ required: true, message: t('form.customerRequired') }]} style={{ minWidth: 280 }}>
            <RemoteSelect url={CUSTOMER_LIST} search={customerSearch} label={customerLabel} placeholder={t('form.customerPlaceholder')} aria-label={t('order.fields.buyerName')} />
          </Form.Item>
          <Form.Item name="platformNo" label={t('order.fields.platformNo')} rules={[{ max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="requiredDate" label={t('order.fields.requiredDate')}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="contractNo" label={t('order.fields.contractNo')} rules={[{ max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Space>
        <Form.List name="lines" rules={[{ validator: async (_rule, value: unknown[] | undefined) => { if (!value || value.length === 0) throw new Error(t('form.linesRequired')); } }]}>
          {(fields, { add }, { errors }) => (
            <div style={{ marginBottom: 16 }} data-testid="purchase-lines">
              <Typography.Title level={5}>{t('form.lines')}</Typography.Title>
              <Table<FormListFieldData> size="small" rowKey="key" pagination={false} dataSource={fields} columns={columns} locale={{ emptyText: t('form.noLines') }} />
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ count: 1, taxPercent: '13' })} style={{ marginTop: 8 }}>
                {t('form.addLine')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <Space size="large" wrap align="start">
          <Form.Item name="discountPrice" label={t('order.fields.discountPrice')}>
            <InputNumber<string> stringMode min="0" max="999999999" precision={2} />
          </Form.Item>
          <Form.Item name="depositPrice" label={t('order.fields.depositPrice')}>
            <InputNumber<string> stringMode min="0" max="999999999" precision={2} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('order.fields.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Typography.Text strong data-testid="purchase-total">
          {t('form.total', { amount: moneyText(total.toFixed(2)) })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
