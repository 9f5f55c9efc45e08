import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntityAction } from '../../../src/toolkit/crud';
import { spuEntity, stockEntity, stockRecordEntity, type StockRecord } from '../entities';

/** 入库 adds, 出库 takes away. */
export type StockDirection = 'in' | 'out';

export const STOCK_API = { adjust: `${stockEntity.api}/adjust` } as const;
export const STOCK_PERMISSIONS = { adjust: 'goods:stock:adjust', records: 'goods:stockRecord:list' } as const;

interface AdjustValues {
  count: number | null;
  reason: string;
}

/** The SKU's id on a stock row (`skuId`, the same as the row id). */
export const skuIdOf = (row: StockRecord) => String(row.skuId ?? row.id ?? '');

/**
 * 入库 / 出库 of one SKU (like the members' adjust dialogs): the SKU, its current stock, a positive
 * whole count, the stock after and a required reason; POST adjust with the signed count. The ledger on
 * the server has the last word (stock never below zero) and its refusal shows, the dialog staying open.
 */
export function StockAdjustModal({ direction, row, onClose }: { direction: StockDirection; row: StockRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['goods', 'crud']);
  const [form] = Form.useForm<AdjustValues>();
  const count = Form.useWatch('count', form);
  const adjust = useEntityAction({ invalidates: [stockEntity.table, stockRecordEntity.table, spuEntity.table] });
  const current = Number(row?.stock ?? 0);
  const signed = (typeof count === 'number' ? count : 0) * (direction === 'out' ? -1 : 1);
  const after = current + signed;

  const submit = async () => {
    let values: AdjustValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (row === null) return;
    const answer = await adjust.run({ url: STOCK_API.adjust, method: 'post', values: { skuId: skuIdOf(row), count: signed, reason: values.reason.trim() } });
    if (answer !== undefined) onClose();
  };

  const title = t(direction === 'in' ? 'stock.stockIn' : 'stock.stockOut');
  return (
    <Modal open={row !== null} title={title} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={adjust.running} destroyOnHidden>
      {row !== null ? (
        <Form form={form} name={`stock-${direction}`} layout="vertical" preserve={false} initialValues={{ count: null, reason: '' }}>
          <Form.Item label={t('stock.sku')}>
            <Input value={[row.spuName, row.specText].filter((part) => part !== null && part !== undefined && part !== '').join(' ')} disabled />
          </Form.Item>
          <Form.Item label={t('stock.current')}>
            <Input value={String(current)} disabled data-testid="stock-before" />
          </Form.Item>
          <Form.Item
            name="count"
            label={t('stock.count')}
            rules={[
              { required: true, message: t('stock.countRequired') },
              {
                validator: async (_rule, value: unknown) => {
                  if (value === null || value === undefined) return;
                  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new Error(t('stock.countPositive'));
                  if (direction === 'out' && current - value < 0) throw new Error(t('stock.notEnough'));
                },
              },
            ]}
          >
            <InputNumber min={1} precision={0} step={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('stock.after')}>
            <Typography.Text strong type={after < 0 ? 'danger' : undefined} data-testid="stock-after">
              {String(after)}
            </Typography.Text>
          </Form.Item>
          <Form.Item name="reason" label={t('stock.reason')} rules={[{ required: true, whitespace: true, message: t('stock.reasonRequired') }, { max: 200 }]}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
