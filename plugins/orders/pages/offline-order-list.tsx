import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dictColumn, ListTable, LoadErrorAlert, moneyText, SearchForm, useEntityAction, useEntityList, useRowActionsColumn, useUrlParam } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { OfflineOrderModal } from '../components/offline-order-modal';
import { ORDER_STATUS, ORDER_STATUS_DICT, ORDER_TYPE, orderEntity, PAY_CHANNEL_DICT, type OrderRecord } from '../entities';

const DETAIL_PATH = '/saleorder/saleOrderDetail';
const CREATE_PARAM = 'create';
const PERMISSIONS = { add: 'saleorder:offlineOrder:add', confirmPayment: 'saleorder:order:confirmPayment' } as const;
const FIXED = { type: ORDER_TYPE.offline };

/**
 * 线下订单: the orders staff entered (type 1) with status, buyer, amount, pay method and times; 新增线下订单
 * (the dialog kept in the URL as `?create=1`); per row 详情 and, while unpaid, 确认付款 (confirmed first).
 */
export default function OfflineOrderListPage() {
  const { t } = useTranslation(['orderCatalogue', 'orders', 'crud']);
  const navigate = useNavigate();
  const list = useEntityList<OrderRecord>({ entity: orderEntity, fixedValues: FIXED, selectable: false });
  const addAccess = useAccess(PERMISSIONS.add);
  const [createParam, setCreate] = useUrlParam(CREATE_PARAM);
  const creating = createParam === '1' && addAccess.visible && !addAccess.disabled;
  const confirm = useEntityAction({ invalidates: [orderEntity.table] });

  const actions = useRowActionsColumn<OrderRecord>({
    actions: [
      { key: 'detail', label: t('offline.actions.detail'), onClick: (record) => void navigate(`${DETAIL_PATH}?id=${encodeURIComponent(String(record.id))}`) },
      {
        key: 'confirmPayment',
        label: t('offline.actions.confirmPayment'),
        code: PERMISSIONS.confirmPayment,
        confirm: t('offline.confirmPayment'),
        showFor: (record) => String(record.status) === ORDER_STATUS.unpaid,
        onClick: async (record) => {
          await confirm.run({ url: `${orderEntity.api}/confirmPayment`, method: 'post', values: { id: String(record.id) } });
        },
      },
    ],
  });

  const label = (field: string) => t(`orders:order.fields.${field}`);
  const columns: TableColumnType<OrderRecord>[] = [
    { key: 'no', dataIndex: 'no', title: label('no'), sorter: true, width: 200 },
    { key: 'buyerName', dataIndex: 'buyerName', title: label('buyerName'), ellipsis: true },
    { key: 'payPrice', dataIndex: 'payPrice', title: label('payPrice'), sorter: true, width: 120, align: 'right', render: (value: unknown) => moneyText(value) },
    dictColumn<OrderRecord>('payChannel', PAY_CHANNEL_DICT, label('payChannel')),
    dictColumn<OrderRecord>('status', ORDER_STATUS_DICT, label('status')),
    { key: 'createTime', dataIndex: 'createTime', title: t('offline.columns.createTime'), sorter: true, width: 170 },
    { key: 'payTime', dataIndex: 'payTime', title: label('payTime'), sorter: true, width: 170 },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('offline.title')}>
      <SearchForm name="search" entity={orderEntity} formProps={list.searchFormProps} onReset={list.reset} fixed={Object.keys(FIXED)} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {addAccess.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={addAccess.disabled} title={addAccess.reason} onClick={() => setCreate('1')}>
            {t('offline.create')}
          </Button>
        ) : null}
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<OrderRecord> {...list.tableProps} columns={columns} />
      <OfflineOrderModal open={creating} onClose={() => setCreate(null)} />
    </Card>
  );
}
