import { DownloadOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, useEntityRecord, useUrlParam } from '../../../src/toolkit/crud';
import { orderEntity, type OrderRecord } from '../entities';
import { purchaseOrderEntity } from '../purchase-entities';
import { usePdfDocument } from './pdf-document';
import { printFrame } from './print-frame';

export type OrderDocumentKind = 'deliveryNote' | 'contract';

const PATHS: Record<OrderDocumentKind, string> = {
  deliveryNote: 'deliveryNotePdf',
  contract: 'contractPdf',
};

/** `source=zcy` prints a procurement order; otherwise a sales order. */
const SOURCES = { order: orderEntity, zcy: purchaseOrderEntity } as const;

/** A procurement order as its detail answers it: the contract number entered and its deliveries' numbers. */
type PrintedOrder = OrderRecord & { contractNo?: unknown; deliveries?: Array<{ id?: unknown; no?: unknown }> };

/**
 * The number a document is filed under, as the server names the file: a procurement delivery's note its
 * delivery number (`delivery`, else the latest), a procurement contract the contract number entered, else the order number.
 */
export function documentNo(kind: OrderDocumentKind, record: PrintedOrder | undefined, deliveryId: string | null, fallback: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (record === undefined) return fallback;
  if (kind === 'deliveryNote' && record.deliveries !== undefined) {
    const delivery = deliveryId === null ? record.deliveries.at(-1) : record.deliveries.find((candidate) => candidate.id === deliveryId);
    return text(delivery?.no) || text(record.no) || fallback;
  }
  if (kind === 'contract') return text(record.contractNo) || text(record.no) || fallback;
  return text(record.no) || fallback;
}

/**
 * The page of one of an order's PDF documents (`?id=` the order, `&source=zcy` for a procurement order, whose
 * 送货单 is one delivery's: `&delivery=`, else the latest): the PDF in an embedded viewer with 打印 (the
 * embedded document's own print) and 下载 (saved as `<单号>-送货单.pdf` / `-合同.pdf`, the numbers the server
 * files them under), 重新生成 after the order changed; loading, the server's refusal and a missing id each say so.
 */
export function OrderPdfPage({ kind }: { kind: OrderDocumentKind }) {
  const { t } = useTranslation(['orderDocuments', 'orders']);
  const { message } = App.useApp();
  const [id] = useUrlParam('id');
  const [source] = useUrlParam('source');
  const [deliveryId] = useUrlParam('delivery');
  const entity = source === 'zcy' ? SOURCES.zcy : SOURCES.order;
  const delivery = source === 'zcy' && kind === 'deliveryNote' && deliveryId !== null ? { deliveryId } : undefined;
  const { state, reload } = usePdfDocument(`${entity.api}/${PATHS[kind]}`, id, delivery);
  const { record } = useEntityRecord<PrintedOrder>(entity, id);
  const frame = useRef<HTMLIFrameElement>(null);
  const title = t(`${kind}.title`);

  if (id === null) {
    return (
      <Card title={title}>
        <Empty description={t('missingId')} />
      </Card>
    );
  }

  const no = documentNo(kind, record, deliveryId, id);
  const ready = state.status === 'ready' ? state : null;

  const print = () => {
    if (ready === null) return;
    printFrame(frame.current, () => {
      window.open(ready.url, '_blank', 'noopener');
      void message.info(t('printBlocked'));
    });
  };

  const download = () => {
    if (ready !== null) saveBlob(ready.blob, t(`${kind}.fileName`, { no }));
  };

  return (
    <Card
      title={
        <Space size={16} wrap>
          <span>{title}</span>
          {record !== undefined ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {t('summary', { noLabel: t('orders:order.fields.no'), no: String(record.no ?? ''), buyerLabel: t('orders:order.fields.buyerName'), buyer: String(record.buyerName ?? '') })}
            </Typography.Text>
          ) : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={reload} disabled={state.status === 'loading'}>
            {t('refresh')}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={print} disabled={ready === null}>
            {t('print')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={download} disabled={ready === null}>
            {t('download')}
          </Button>
        </Space>
      }
    >
      {state.status === 'loading' ? (
        <div style={{ padding: 48, textAlign: 'center' }} role="status">
          <Spin tip={t('loading')} size="large">
            <div style={{ minHeight: 80 }} />
          </Spin>
        </div>
      ) : null}
      {state.status === 'refused' || state.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          description={state.status === 'refused' && state.message !== '' ? state.message : undefined}
          action={
            <Button size="small" onClick={reload}>
              {t('refresh')}
            </Button>
          }
        />
      ) : null}
      {ready !== null ? (
        <iframe
          ref={frame}
          src={ready.url}
          title={t('viewer', { title })}
          data-testid="order-pdf-viewer"
          style={{ display: 'block', width: '100%', height: 'calc(100vh - 240px)', minHeight: 520, border: '1px solid #f0f0f0' }}
        />
      ) : null}
    </Card>
  );
}
