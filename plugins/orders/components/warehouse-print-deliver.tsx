import { Alert, Form, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead, useEntityAction } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { DELIVERY_TYPE, DELIVERY_TYPE_DICT, expressEntity, orderEntity, orderItemEntity, orderLogEntity, type OrderRecord } from '../entities';
import { WAREHOUSE_API, type BatchDeliverOutcome, type DeliverResult } from './warehouse-print-model';

/**
 * 批量发货 of the selected orders: one express company for all, a waybill number typed per order in a small table
 * (none for an order to be picked up or handed over), then the server's answer order by order — the shipped ones
 * leave the selection, the refused ones stay with their reason to be put right and shipped again.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const handedOver = (order: OrderRecord) => order.deliveryType === DELIVERY_TYPE.pickUp || order.deliveryType === DELIVERY_TYPE.none;

/** The tenant's enabled express companies by 排序 (a disabled one is refused at 发货). */
function useExpressOptions() {
  const { t } = useTranslation('orderPrint');
  const read = useCustomRead<{ records: Array<{ id: string; name: string }> }>(
    { url: `${expressEntity.api}/list`, query: { status: '1', pageNo: 1, pageSize: 200, column: 'sort', order: 'asc' } },
    { failure: t('deliver.expressError') },
  );
  return { options: (read.value?.records ?? []).map((express) => ({ value: express.id, label: express.name })), loading: read.loading, error: read.error };
}

export interface BatchDeliverDialogProps {
  orders: readonly OrderRecord[];
  onClose: () => void;
  /** The orders the server shipped (they leave the selection). */
  onShipped: (ids: string[]) => void;
}

export function BatchDeliverDialog({ orders, onClose, onShipped }: BatchDeliverDialogProps) {
  const { t } = useTranslation(['orderPrint', 'orders', 'crud']);
  const express = useExpressOptions();
  const [expressId, setExpressId] = useState<string | undefined>(undefined);
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [outcome, setOutcome] = useState<BatchDeliverOutcome | null>(null);
  const action = useEntityAction<BatchDeliverOutcome>({ invalidates: [orderEntity.table, orderItemEntity.table, orderLogEntity.table] });

  const numberOf = (order: OrderRecord) => (numbers[String(order.id)] ?? '').trim();
  const missing = orders.filter((order) => !handedOver(order) && numberOf(order) === '');
  const needsExpress = orders.some((order) => !handedOver(order));
  const resultOf = new Map<string, DeliverResult>((outcome?.results ?? []).map((result) => [result.id, result]));

  const submit = async () => {
    setAttempted(true);
    if (missing.length > 0 || (needsExpress && expressId === undefined)) return;
    const answer = await action.run({
      url: WAREHOUSE_API.batchDeliver,
      method: 'post',
      values: { ...(expressId === undefined ? {} : { expressId }), orders: orders.map((order) => ({ id: String(order.id), ...(handedOver(order) ? {} : { logisticsNo: numberOf(order) }) })) },
    });
    if (answer === undefined) return;
    setOutcome(answer);
    onShipped(answer.results.filter((result) => result.success).map((result) => result.id));
  };

  const columns: TableColumnType<OrderRecord>[] = [
    { key: 'no', title: t('orders:order.fields.no'), render: (_value: unknown, order) => <Typography.Text>{text(order.no)}</Typography.Text> },
    {
      key: 'receiver',
      title: t('deliver.receiver'),
      render: (_value: unknown, order) => (
        <span>
          {text(order.receiverName)} {text(order.receiverMobile)}
        </span>
      ),
    },
    { key: 'deliveryType', title: t('orders:order.fields.deliveryType'), width: 110, render: (_value: unknown, order) => <DictValue dict={DELIVERY_TYPE_DICT} value={order.deliveryType} text={order.deliveryType_dictText} /> },
    {
      key: 'logisticsNo',
      title: t('orders:order.fields.logisticsNo'),
      width: 220,
      render: (_value: unknown, order) =>
        handedOver(order) ? (
          <Typography.Text type="secondary">{t('deliver.noWaybill')}</Typography.Text>
        ) : (
          <Input
            size="small"
            maxLength={64}
            autoComplete="off"
            value={numbers[String(order.id)] ?? ''}
            status={attempted && numberOf(order) === '' ? 'error' : undefined}
            disabled={resultOf.get(String(order.id))?.success === true}
            aria-label={t('deliver.waybillOf', { no: text(order.no) })}
            data-testid="batch-deliver-waybill"
            onChange={(event) => setNumbers((current) => ({ ...current, [String(order.id)]: event.target.value }))}
          />
        ),
    },
    ...(outcome === null
      ? []
      : [
          {
            key: 'result',
            title: t('deliver.result'),
            render: (_value: unknown, order: OrderRecord) => {
              const result = resultOf.get(String(order.id));
              if (result === undefined) return null;
              return (
                <Space direction="vertical" size={0} data-testid="batch-deliver-result">
                  <Tag color={result.success ? 'green' : 'red'}>{result.success ? t('deliver.shipped') : t('deliver.failed')}</Tag>
                  {result.success ? null : <Typography.Text type="danger">{result.message}</Typography.Text>}
                </Space>
              );
            },
          },
        ]),
  ];

  const done = outcome !== null && outcome.failed === 0;
  return (
    <Modal
      open
      title={t('deliver.title', { count: orders.length })}
      width="min(960px, 94vw)"
      onCancel={onClose}
      onOk={done ? onClose : () => void submit()}
      okText={done ? t('deliver.close') : t('deliver.submit')}
      cancelText={t('crud:cancel')}
      confirmLoading={action.running}
      destroyOnHidden
      data-testid="batch-deliver-dialog"
    >
      <Form layout="vertical" name="batch-deliver">
        {needsExpress ? (
          <Form.Item label={t('orders:order.fields.expressId')} required validateStatus={attempted && expressId === undefined ? 'error' : undefined} help={attempted && expressId === undefined ? t('deliver.expressRequired') : undefined}>
            <Select showSearch optionFilterProp="label" options={express.options} loading={express.loading} value={expressId} onChange={setExpressId} placeholder={t('deliver.expressRequired')} aria-label={t('orders:order.fields.expressId')} data-testid="batch-deliver-express" />
          </Form.Item>
        ) : null}
        {express.error !== null ? <Alert type="error" showIcon message={express.error} style={{ marginBottom: 16 }} /> : null}
        {attempted && missing.length > 0 ? <Alert type="warning" showIcon message={t('deliver.waybillsMissing', { count: missing.length })} style={{ marginBottom: 16 }} /> : null}
        {outcome !== null ? <Alert type={outcome.failed === 0 ? 'success' : 'warning'} showIcon message={t('deliver.outcome', { shipped: outcome.shipped, failed: outcome.failed })} style={{ marginBottom: 16 }} data-testid="batch-deliver-outcome" /> : null}
      </Form>
      <Table<OrderRecord> rowKey="id" size="small" pagination={false} dataSource={[...orders]} columns={columns} scroll={{ y: 360 }} data-testid="batch-deliver-table" />
    </Modal>
  );
}
