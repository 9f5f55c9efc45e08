import { PlusOutlined } from '@ant-design/icons';
import { Button, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityListPage, moneyText, type RowAction } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { usePurchaseActions } from '../components/purchase-dialogs';
import { PurchaseOrderModal } from '../components/purchase-order-modal';
import { isPurchaseAction, PURCHASE_ACTIONS, PURCHASE_PERMISSIONS, PURCHASE_TABS, purchaseDetailHref } from '../components/purchase-model';
import { purchaseOrderEntity, type PurchaseOrderRecord } from '../purchase-entities';

/** The buttons a row shows without its detail loaded: those of its status (the detail asks the server). */
const ROW_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  '0': ['confirm', 'reject', 'cancel'],
  '10': ['deliver', 'cancel'],
  '20': ['deliver'],
  '30': ['accept'],
  '40': ['complete'],
};

/**
 * 采购订单 (docs/reference/business-domains.md §7 "Screens"): status tabs with counts, search by 单号, 平台单号, 采购单位, 下单时间
 * and 状态; columns 单号, 单位, 金额, 下单时间, 要求到货, 状态 and 发货进度; 录入 a new order; each row opens its
 * detail and offers the buttons of its state. Every step refreshes the list and its counts.
 */
export default function PurchaseOrderListPage() {
  const { t } = useTranslation(['purchases', 'crud']);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const addGate = useAccess('zcy:purchaseOrder:add');
  const actions = usePurchaseActions();
  return (
    <>
      <EntityListPage<PurchaseOrderRecord>
        entity={purchaseOrderEntity}
        statusTabs={PURCHASE_TABS}
        without={['create', 'edit', 'delete', 'batchDelete', 'import']}
        toolbarExtra={
          addGate.visible ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={addGate.disabled} onClick={() => setCreating(true)}>
              {t('actions.add')}
            </Button>
          ) : null
        }
        renderers={{
          no: (value, record) => (
            <Typography.Link onClick={() => void navigate(purchaseDetailHref(String(record.id)))} data-testid="purchase-no">
              {String(value ?? '')}
            </Typography.Link>
          ),
          totalPrice: (value) => moneyText(value),
        }}
        extraColumns={[
          {
            key: 'progress',
            title: t('list.progress'),
            width: 150,
            render: (_value: unknown, record) => {
              const total = Number(record.totalCount ?? 0);
              const sent = Number(record.deliveredCount ?? 0);
              return <Progress size="small" percent={total === 0 ? 0 : Math.floor((sent * 100) / total)} format={() => `${sent}/${total}`} aria-label={t('list.progress')} />;
            },
          },
        ]}
        rowActions={() => [
          { key: 'detail', label: t('actions.detail'), onClick: (record) => void navigate(purchaseDetailHref(String(record.id))) },
          ...PURCHASE_ACTIONS.filter(isPurchaseAction).map(
            (action): RowAction<PurchaseOrderRecord> => ({
              key: action,
              label: t(`actions.${action}`),
              code: PURCHASE_PERMISSIONS[action],
              danger: action === 'reject' || action === 'cancel',
              showFor: (record) => (ROW_ACTIONS[String(record.status)] ?? []).includes(action),
              onClick: (record) => actions.open(action, record),
            }),
          ),
        ]}
      />
      {/* Only for who may enter an order: the dialog's pickers read customers and SKUs as soon as it is there. */}
      {addGate.visible ? <PurchaseOrderModal open={creating} onClose={() => setCreating(false)} /> : null}
      {actions.dialogs}
    </>
  );
}
