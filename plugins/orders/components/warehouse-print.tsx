import { CarOutlined, PrinterOutlined, TagsOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildListQuery } from '../../../src/providers/data-provider';
import type { EntityList } from '../../../src/toolkit/crud';
import { useAccessMap } from '../../../src/toolkit/permission';
import { orderEntity, orderLogEntity, type OrderRecord } from '../entities';
import { BatchDeliverDialog } from './warehouse-print-deliver';
import { MAX_BATCH_ORDERS, printScope, PrintRefused, requestPdf, WAREHOUSE_API, WAREHOUSE_PERMISSIONS, type PrintKind } from './warehouse-print-model';
import { WarehousePdfModal, type ShownPdf } from './warehouse-print-viewer';

/**
 * 订单列表's warehouse buttons: 打印配货单 and 打印面单 of the selected orders (with none selected, of the 待发货
 * orders the list's filters match), each PDF shown in a dialog to print or save; and 批量发货 of the selection.
 */
export function WarehousePrintToolbar({ list, rows }: { list: EntityList<OrderRecord>; rows: readonly OrderRecord[] }) {
  const { t } = useTranslation('orderPrint');
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const gates = useAccessMap(WAREHOUSE_PERMISSIONS);
  const [printing, setPrinting] = useState<PrintKind | null>(null);
  const [shown, setShownState] = useState<{ kind: PrintKind; pdf: ShownPdf } | null>(null);
  // The blob URL shown now, revoked when another replaces it, when the dialog closes and when the page goes.
  const shownUrl = useRef<string | null>(null);
  const setShown = (next: { kind: PrintKind; pdf: ShownPdf } | null) => {
    if (shownUrl.current !== null) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = next?.pdf.url ?? null;
    setShownState(next);
  };
  useEffect(
    () => () => {
      if (shownUrl.current !== null) URL.revokeObjectURL(shownUrl.current);
      shownUrl.current = null;
    },
    [],
  );
  const [delivering, setDelivering] = useState<OrderRecord[] | null>(null);
  const selected = list.selected;
  const listQuery = useMemo(() => buildListQuery({ pagination: { mode: 'off' }, filters: list.filters, meta: list.meta }), [list.filters, list.meta]);
  // The selection's rows as this page shows them (the dialog lists their numbers and receivers).
  const selectedRows = rows.filter((row) => selected.includes(String(row.id)));

  const print = async (kind: PrintKind) => {
    setPrinting(kind);
    try {
      const pdf = await requestPdf(WAREHOUSE_API[kind], printScope(selected, listQuery), t(`${kind}.fileName`));
      setShown({ kind, pdf: { ...pdf, url: URL.createObjectURL(pdf.blob) } });
      // Each print is on the orders' logs (订单详情's timeline).
      await Promise.all([orderLogEntity.table, orderEntity.table].map((resource) => invalidate({ resource, invalidates: ['detail'] })));
    } catch (error) {
      // A failure over HTTP was shown by the http client; a refusal in the envelope is shown here.
      if (error instanceof PrintRefused) void message.error(error.message);
    } finally {
      setPrinting(null);
    }
  };

  if (!gates.pickingList.visible && !gates.shippingLabel.visible && !gates.deliver.visible) return null;
  const scope = selected.length > 0 ? t('scopeSelected', { count: selected.length }) : t('scopeFilter', { max: MAX_BATCH_ORDERS });
  const printButton = (kind: PrintKind, icon: ReactNode) =>
    gates[kind].visible ? (
      <Tooltip title={scope}>
        <Button icon={icon} loading={printing === kind} disabled={gates[kind].disabled || printing !== null} onClick={() => void print(kind)} data-testid={`warehouse-print-${kind}`}>
          {t(`${kind}.button`)}
        </Button>
      </Tooltip>
    ) : null;

  return (
    <>
      {printButton('pickingList', <PrinterOutlined />)}
      {printButton('shippingLabel', <TagsOutlined />)}
      {gates.deliver.visible ? (
        <Tooltip title={selectedRows.length === 0 ? t('deliver.selectFirst') : undefined}>
          <Button icon={<CarOutlined />} disabled={gates.deliver.disabled || selectedRows.length === 0} onClick={() => setDelivering(selectedRows)} data-testid="warehouse-batch-deliver">
            {t('deliver.button')}
          </Button>
        </Tooltip>
      ) : null}
      <Space size={4}>
        <Typography.Text type="secondary" data-testid="warehouse-print-scope">
          {scope}
        </Typography.Text>
      </Space>
      <WarehousePdfModal title={shown === null ? '' : t(`${shown.kind}.title`)} pdf={shown?.pdf ?? null} onClose={() => setShown(null)} />
      {delivering !== null ? (
        <BatchDeliverDialog
          orders={delivering}
          onClose={() => setDelivering(null)}
          onShipped={(ids) => {
            list.setSelected(selected.filter((id) => !ids.includes(id)));
            list.refresh();
          }}
        />
      ) : null}
    </>
  );
}
