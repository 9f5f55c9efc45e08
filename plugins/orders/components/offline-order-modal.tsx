import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Table, Typography, type TableColumnType } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { amountValue, moneyText, RemoteSelect, useFormAction, type RemoteRow } from '../../../src/toolkit/crud';
import { itemText } from '../../../src/toolkit/dict/dict-cache';
import { useDictItems } from '../../../src/toolkit/dict/dict-select';
import { DELIVERY_TYPE, DELIVERY_TYPE_DICT, OFFLINE_PAY_TYPES, orderEntity } from '../entities';
import { ReceiverFormItems } from './receiver-fields';
import { lineAmount, offlineBody, offlineTotal, type OfflineLine, type OfflineValues } from './offline-order-lines';

/** Other plugins' HTTP lists the dialog searches (never their code). */
const MEMBER_LIST = '/cust/custMember/list';
const CUSTOMER_LIST = '/cust/customer/list';
const SKU_LIST = '/goods/goodsStock/list';
const OFFLINE_ADD = '/saleorder/offlineOrder/add';

type Row = RemoteRow;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const like = (value: string) => `*${value}*`;

const memberSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : /^\d+$/.test(keyword) ? { mobile: like(keyword) } : { memberName: like(keyword) });
const memberLabel = (row: Row) => [text(row.memberName), text(row.mobile)].filter(Boolean).join(' ');
const customerSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { name: like(keyword) });
const customerLabel = (row: Row) => text(row.name);
const skuSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { spuName: like(keyword) });

export interface OfflineOrderModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 新增线下订单: the buyer (a member or a customer, each searched through its plugin's list), the goods
 * lines (a SKU searched by goods name; count; unit price taken from the SKU and editable), 支付方式, 已收款
 * (paid at once), 配送方式 (快递发货 with the receiver and address, 到店自提 or 无需物流) and 备注, with the
 * total; saved through `POST /saleorder/offlineOrder/add`, whose
 * message shows, and every order list refreshes.
 */
export function OfflineOrderModal({ open, onClose }: OfflineOrderModalProps) {
  const { t } = useTranslation(['orderCatalogue', 'orders', 'crud']);
  const [form] = Form.useForm<OfflineValues>();
  const buyerType = Form.useWatch('buyerType', form);
  const deliveryType = Form.useWatch('deliveryType', form);
  const deliveryTypes = useDictItems(DELIVERY_TYPE_DICT);
  const lines = Form.useWatch('lines', form) as OfflineLine[] | undefined;
  const { submit, saving } = useFormAction<OfflineValues>(form, {
    invalidates: [orderEntity.table],
    request: (values) => ({ url: OFFLINE_ADD, method: 'post', values: offlineBody(values) }),
    onDone: () => onClose(),
  });

  const skuLabel = useCallback((row: Row) => t('offline.skuOption', { name: [text(row.spuName), text(row.specText)].filter(Boolean).join(' '), count: Number(row.stock ?? 0) }), [t]);

  /** A picked SKU's own price as the line's unit price, which staff may change. */
  const pickSku = (index: number, row: Row | undefined) => {
    if (row === undefined || row.price === undefined || row.price === null) return;
    form.setFieldValue(['lines', index, 'price'], amountValue(row.price));
  };

  const lineColumns: TableColumnType<FormListFieldData>[] = [
    {
      key: 'skuId',
      title: t('offline.fields.sku'),
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'skuId']} rules={[{ required: true, message: t('offline.skuRequired') }]} style={{ marginBottom: 0 }}>
          <RemoteSelect url={SKU_LIST} search={skuSearch} label={skuLabel} placeholder={t('offline.skuPlaceholder')} aria-label={t('offline.fields.sku')} onPick={(row) => pickSku(field.name, row)} />
        </Form.Item>
      ),
    },
    {
      key: 'count',
      title: t('offline.fields.count'),
      width: 110,
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'count']} rules={[{ required: true, message: t('offline.countRequired') }]} style={{ marginBottom: 0 }}>
          <InputNumber min={1} max={99_999} precision={0} aria-label={t('offline.fields.count')} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
    {
      key: 'price',
      title: t('offline.fields.price'),
      width: 140,
      render: (_value: unknown, field) => (
        <Form.Item name={[field.name, 'price']} rules={[{ required: true, message: t('offline.priceRequired') }]} style={{ marginBottom: 0 }}>
          <InputNumber<string> stringMode min="0" max="999999999" precision={2} aria-label={t('offline.fields.price')} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
    {
      key: 'amount',
      title: t('offline.fields.amount'),
      width: 110,
      render: (_value: unknown, field) => {
        const amount = lineAmount(lines?.[field.name]);
        return <span data-testid="offline-line-amount">{amount === null ? '—' : amount.toFixed(2)}</span>;
      },
    },
  ];

  return (
    <Modal
      open={open}
      title={t('offline.createTitle')}
      width={900}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<OfflineValues> form={form} name="offlineOrder" layout="vertical" preserve={false} initialValues={{ buyerType: 'member', payType: 'cash', paid: false, deliveryType: DELIVERY_TYPE.express, lines: [{ count: 1 }] }}>
        <Form.Item name="buyerType" label={t('offline.fields.buyerType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'member', label: t('offline.buyer.member') },
              { value: 'customer', label: t('offline.buyer.customer') },
            ]}
          />
        </Form.Item>
        {buyerType === 'customer' ? (
          <Form.Item name="customerId" label={t('offline.buyer.customer')} rules={[{ required: true, message: t('offline.customerRequired') }]}>
            <RemoteSelect url={CUSTOMER_LIST} search={customerSearch} label={customerLabel} placeholder={t('offline.customerPlaceholder')} aria-label={t('offline.buyer.customer')} />
          </Form.Item>
        ) : (
          <Form.Item name="memberId" label={t('offline.buyer.member')} rules={[{ required: true, message: t('offline.memberRequired') }]}>
            <RemoteSelect url={MEMBER_LIST} search={memberSearch} label={memberLabel} placeholder={t('offline.memberPlaceholder')} aria-label={t('offline.buyer.member')} />
          </Form.Item>
        )}
        <Form.List name="lines" rules={[{ validator: async (_rule, value: unknown[] | undefined) => { if (!value || value.length === 0) throw new Error(t('offline.linesRequired')); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <div data-testid="offline-lines" style={{ marginBottom: 16 }}>
              <Typography.Title level={5}>{t('offline.fields.lines')}</Typography.Title>
              <Table<FormListFieldData>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: t('offline.noLines') }}
                columns={[
                  ...lineColumns,
                  {
                    key: 'remove',
                    title: t('crud:actions'),
                    width: 64,
                    render: (_value: unknown, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('offline.removeLine', { row: field.name + 1 })} onClick={() => remove(field.name)} />,
                  },
                ]}
              />
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ count: 1 })} style={{ marginTop: 8 }}>
                {t('offline.addLine')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <Space size="large" wrap align="start">
          <Form.Item name="payType" label={t('offline.fields.payType')} rules={[{ required: true, message: t('offline.payTypeRequired') }]}>
            <Radio.Group options={OFFLINE_PAY_TYPES.map((type) => ({ value: type, label: t(`offline.payTypes.${type}`) }))} />
          </Form.Item>
          <Form.Item name="paid" label={t('offline.fields.paid')} valuePropName="checked">
            <Switch checkedChildren={t('offline.paidYes')} unCheckedChildren={t('offline.paidNo')} />
          </Form.Item>
        </Space>
        <Form.Item name="deliveryType" label={t('orders:order.fields.deliveryType')}>
          <Radio.Group optionType="button" options={deliveryTypes.map((item) => ({ value: item.value, label: itemText(item) }))} data-testid="offline-delivery-type" />
        </Form.Item>
        {deliveryType === DELIVERY_TYPE.express ? (
          <div data-testid="offline-receiver">
            <ReceiverFormItems />
          </div>
        ) : null}
        <Form.Item name="remark" label={t('offline.fields.remark')} rules={[{ max: 255, message: t('crud:maxLength', { label: t('offline.fields.remark'), max: 255 }) }]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
        <Typography.Text strong data-testid="offline-total">
          {t('offline.total', { amount: moneyText(offlineTotal(lines)) })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
