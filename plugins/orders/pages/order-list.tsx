import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Space, Tabs, Tag, Typography, type TableColumnType } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { permissionCode } from '../../../src/contracts/entity';
import { buildListQuery } from '../../../src/providers/data-provider';
import { DownloadButton, ExportButton, ImportButton, ListTable, LoadErrorAlert, moneyText, type RowAction, SearchButtons, TabCountBadge, useCustomRead, useEntityList, useRowActionsColumn, useStatusTab, useUrlParam, WRAP_CELL } from '../../../src/toolkit/crud';
import { DictSelect, DictValue } from '../../../src/toolkit/dict';
import { useAccess } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { useOrderActions } from '../components/order-dialogs';
import { WarehousePrintToolbar } from '../components/warehouse-print';
import { detailPath, keywordParams, ORDER_ACTIONS, ORDER_API, ORDER_PERMISSIONS, ORDER_TABS, rowActions, type OrderAction, type OrderTabKey } from '../components/order-model';
import { DELIVERY_TYPE_DICT, ITEM_AFTER_SALE_STATUS_DICT, ORDER_REFUND_STATUS_DICT, ORDER_STATUS_DICT, ORDER_TERMINAL_DICT, ORDER_TYPE_DICT, orderEntity, orderItemEntity, PAY_CHANNEL_DICT, type OrderItemRecord, type OrderRecord } from '../entities';

type TabCounts = Record<OrderTabKey, number>;
type ItemsByOrder = Record<string, OrderItemRecord[]>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The item lines of one order: picture, name, spec, 单价 × 数量, 售后状态. */
function OrderLines({ items, loading }: { items: readonly OrderItemRecord[] | undefined; loading: boolean }) {
  const { t } = useTranslation('orders');
  if (items === undefined) return <Typography.Text type="secondary">{loading ? t('list.itemsLoading') : t('list.noItems')}</Typography.Text>;
  if (items.length === 0) return <Typography.Text type="secondary">{t('list.noItems')}</Typography.Text>;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {items.map((item) => (
        <Space key={String(item.id)} align="start" size={12} data-testid="order-line">
          <StoredImage value={typeof item.picUrl === 'string' ? item.picUrl : null} alt={text(item.spuName)} size={48} />
          <div>
            <Typography.Text>{text(item.spuName)}</Typography.Text>
            {item.gift === true ? (
              <Tag color="magenta" style={{ marginInlineStart: 8 }} data-testid="order-gift-tag">
                {t('orderItem.fields.gift')}
              </Tag>
            ) : null}
            {text(item.specText) !== '' ? (
              <div>
                <Typography.Text type="secondary">{text(item.specText)}</Typography.Text>
              </div>
            ) : null}
            <div>
              <Typography.Text>
                {moneyText(item.price)} × {text(item.count)}
              </Typography.Text>
              {text(item.afterSaleStatus) !== '' && text(item.afterSaleStatus) !== '0' ? (
                <span style={{ marginInlineStart: 8 }}>
                  <DictValue dict={ITEM_AFTER_SALE_STATUS_DICT} value={item.afterSaleStatus} text={item.afterSaleStatus_dictText} />
                </span>
              ) : null}
            </div>
          </div>
        </Space>
      ))}
    </Space>
  );
}

/**
 * 订单列表: status tabs with counts (全部 … 已关闭, 退款中 = an after-sale in progress, 已退款 = refundStatus ≠ 0) under the same filters as the
 * list, the filters (订单号, 买家 / 收货人 / 电话, 商品名, 支付方式, 来源, 类型, 支付时间, 实付), each order
 * a card-like row (header line, item lines, 实付, 买家 / 收货人, 状态) with the buttons its state allows,
 * and 导出 of what the list shows.
 */
export default function OrderListPage() {
  const { t } = useTranslation(['orders', 'crud']);
  const navigate = useNavigate();
  const tab = useStatusTab(ORDER_TABS);
  // 买家/收货人/电话 is not a field of the order: it travels as list parameters, kept in the URL like the other filters.
  const [keywordParam, setKeywordParam] = useUrlParam('keyword');
  const keyword = keywordParam ?? '';
  const setKeyword = (value: string) => setKeywordParam(value === '' ? null : value);
  const fixedValues = useMemo(() => keywordParams(keyword), [keyword]);
  // 配送方式 from the URL (`?deliveryType=2`: the dashboard's 待核销 opens the self-pickup orders).
  const [deliveryType, setDeliveryType] = useUrlParam('deliveryType');
  const filters = useMemo(() => (deliveryType === null ? tab.filters : [...tab.filters, { field: 'deliveryType', operator: 'eq' as const, value: deliveryType }]), [tab.filters, deliveryType]);
  // Rows are selected for the warehouse's prints and 批量发货 (components/warehouse-print.tsx).
  const list = useEntityList<OrderRecord>({ entity: orderEntity, filters, fixedValues, selectable: true });
  const exportGate = useAccess(permissionCode(orderEntity, 'exportXls'));

  // The counts under every filter of the list but the tab's own.
  const countQuery = useMemo(() => {
    const all = buildListQuery({ pagination: { mode: 'off' }, filters: list.filters, meta: list.meta });
    const { status: _status, refundStatus: _refund, afterSaleOpen: _open, ...rest } = all;
    return rest;
  }, [list.filters, list.meta]);
  const counts = useCustomRead<TabCounts>({ url: ORDER_API.tabCounts, query: countQuery }, { failure: t('list.countsError'), family: orderEntity.table });

  const rows = useMemo(() => (list.tableProps.dataSource ?? []) as readonly OrderRecord[], [list.tableProps.dataSource]);
  const orderIds = rows.map((row) => String(row.id)).join(',');
  const items = useCustomRead<ItemsByOrder>(orderIds === '' ? null : { url: ORDER_API.items, query: { orderIds } }, { failure: t('list.itemsError'), family: orderItemEntity.table });

  // An action anywhere (here or on 订单详情) invalidates the orders and their lines: the list, its counts and the lines refresh themselves.
  const orderActions = useOrderActions();

  const actionLabel = (action: OrderAction) => t(`actions.${action}`);
  const actions = useRowActionsColumn<OrderRecord>({
    actions: [
      { key: 'detail', label: t('actions.detail'), onClick: (record) => void navigate(detailPath(String(record.id))) },
      ...ORDER_ACTIONS.map(
        (action): RowAction<OrderRecord> => ({
          key: action,
          label: actionLabel(action),
          code: ORDER_PERMISSIONS[action],
          danger: action === 'close',
          showFor: (record) => rowActions(record).includes(action),
          onClick: (record) => orderActions.open(action, record),
        }),
      ),
    ],
  });

  const columns: TableColumnType<OrderRecord>[] = [
    {
      key: 'goods',
      title: t('list.goods'),
      className: WRAP_CELL,
      render: (_value: unknown, record) => (
        <div data-testid="order-card" data-order-no={text(record.no)}>
          <Space wrap size={[16, 4]} className="order-card-header" style={{ marginBottom: 8 }}>
            <Typography.Text strong copyable>
              {text(record.no)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('list.createTime')}: {text(record.createTime)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('order.fields.terminal')}: <DictValue dict={ORDER_TERMINAL_DICT} value={record.terminal} text={record.terminal_dictText} />
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('order.fields.payChannel')}: {text(record.payChannel) === '' ? t('list.unpaid') : <DictValue dict={PAY_CHANNEL_DICT} value={record.payChannel} text={record.payChannel_dictText} />}
            </Typography.Text>
          </Space>
          <OrderLines items={items.value?.[String(record.id)]} loading={items.loading} />
        </div>
      ),
    },
    { key: 'payPrice', dataIndex: 'payPrice', title: t('order.fields.payPrice'), width: 110, sorter: true, render: (value: unknown) => <Typography.Text strong>{moneyText(value)}</Typography.Text> },
    {
      key: 'buyer',
      title: t('list.buyerReceiver'),
      width: 200,
      render: (_value: unknown, record) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{text(record.buyerName)}</Typography.Text>
          {text(record.receiverName) !== '' ? (
            <Typography.Text type="secondary">
              {text(record.receiverName)} {text(record.receiverMobile)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('order.fields.status'),
      width: 110,
      render: (_value: unknown, record) => (
        <Space direction="vertical" size={2}>
          <DictValue dict={ORDER_STATUS_DICT} value={record.status} text={record.status_dictText} testId="order-status" />
          {text(record.refundStatus) !== '' && text(record.refundStatus) !== '0' ? <DictValue dict={ORDER_REFUND_STATUS_DICT} value={record.refundStatus} text={record.refundStatus_dictText} /> : null}
        </Space>
      ),
    },
    ...(actions === null ? [] : [actions]),
  ];

  const searchForm = list.searchFormProps.form;
  // After a reload the keyword box shows the keyword the URL still filters by.
  useEffect(() => {
    if (keywordParam !== null) searchForm?.setFieldValue('keyword', keywordParam);
    // Only the keyword the page opened with: later ones come from the box itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchForm]);
  const onSearch = (values: Record<string, unknown>) => {
    setKeyword(typeof values.keyword === 'string' ? values.keyword : '');
    list.searchFormProps.onFinish?.(values);
  };
  const placeholder = (field: string) => t('crud:placeholderInput', { label: t(`order.fields.${field}`) });
  const choose = (field: string) => t('crud:placeholderSelect', { label: t(`order.fields.${field}`) });

  return (
    <Card title={t('list.title')}>
      <Tabs
        className="crud-status-tabs"
        activeKey={tab.active}
        onChange={tab.select}
        items={ORDER_TABS.map((item) => ({
          key: item.key,
          label: (
            <span data-testid={`order-tab-${item.key}`}>
              {t(item.label)}
              <TabCountBadge count={counts.value?.[item.key as OrderTabKey] ?? 0} testId={`order-tab-count-${item.key}`} />
            </span>
          ),
        }))}
      />
      <LoadErrorAlert error={counts.error} onRetry={counts.retry} style={{ marginBottom: 16 }} />
      <Form {...list.searchFormProps} onFinish={onSearch} name="search" layout="inline" className="crud-search-form" data-testid="crud-search-form">
        <Row gutter={[16, 12]} style={{ width: '100%' }}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="no" label={t('order.fields.no')} style={{ width: '100%' }}>
              <Input allowClear placeholder={placeholder('no')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="keyword" label={t('list.keyword')} style={{ width: '100%' }}>
              <Input allowClear placeholder={t('list.keywordPlaceholder')} maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="spuNames" label={t('list.goodsName')} style={{ width: '100%' }}>
              <Input allowClear placeholder={t('crud:placeholderInput', { label: t('list.goodsName') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="payChannel" label={t('order.fields.payChannel')} style={{ width: '100%' }}>
              <DictSelect dictCode={PAY_CHANNEL_DICT} allowClear placeholder={choose('payChannel')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="terminal" label={t('order.fields.terminal')} style={{ width: '100%' }}>
              <DictSelect dictCode={ORDER_TERMINAL_DICT} allowClear placeholder={choose('terminal')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="type" label={t('order.fields.type')} style={{ width: '100%' }}>
              <DictSelect dictCode={ORDER_TYPE_DICT} allowClear placeholder={choose('type')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t('order.fields.deliveryType')} style={{ width: '100%' }}>
              <DictSelect dictCode={DELIVERY_TYPE_DICT} allowClear value={deliveryType ?? undefined} onChange={(value) => setDeliveryType(value === undefined || value === null ? null : String(value))} placeholder={choose('deliveryType')} aria-label={t('order.fields.deliveryType')} data-testid="order-delivery-type" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="payTime" label={t('order.fields.payTime')} style={{ width: '100%' }}>
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t('order.fields.payPrice')} style={{ width: '100%' }}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name={['payPrice', 0]} noStyle>
                  <InputNumber<string> stringMode precision={2} placeholder={t('list.min')} aria-label={t('list.min')} style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name={['payPrice', 1]} noStyle>
                  <InputNumber<string> stringMode precision={2} placeholder={t('list.max')} aria-label={t('list.max')} style={{ width: '50%' }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24}>
            <SearchButtons
              onReset={() => {
                searchForm?.resetFields();
                setKeyword('');
                setDeliveryType(null);
                list.reset();
              }}
            />
          </Col>
        </Row>
      </Form>
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {exportGate.visible ? <ExportButton list={list} /> : null}
        {/* 批量发货: the template lists the orders waiting to ship; the filled sheet ships each row through 发货. */}
        <DownloadButton url={ORDER_API.deliverTemplate} fileName={t('batchDeliver.templateFile')} permission={ORDER_PERMISSIONS.deliver} label={t('batchDeliver.template')} />
        <ImportButton entity={orderEntity} upload={{ url: ORDER_API.importDeliver, permission: ORDER_PERMISSIONS.deliver, label: t('batchDeliver.upload') }} />
        <WarehousePrintToolbar list={list} rows={rows} />
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : items.error} onRetry={list.isError ? list.refresh : items.retry} style={{ marginBottom: 16 }} />
      <ListTable<OrderRecord> {...list.tableProps} columns={columns} data-testid="order-table" />
      {orderActions.dialogs}
    </Card>
  );
}
