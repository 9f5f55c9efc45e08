import type { CrudFilter } from '@refinedev/core';
import { Card, Col, DatePicker, Form, Input, Row, Select, Space, Tabs, Typography, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buildListQuery } from '../../../src/providers/data-provider';
import { dictColumn, ExportButton, ListTable, LoadErrorAlert, moneyText, SearchButtons, TabCountBadge, useCustomRead, useEntityList, useRowActionsColumn, useStatusTab, useUrlParam, WIDE_ONLY, WRAP_CELL } from '../../../src/toolkit/crud';
import { DictSelect, useLocalizedDictItems } from '../../../src/toolkit/dict';
import { StoredImage } from '../../../src/toolkit/upload';
import { AFTER_SALE_API, AFTER_SALE_TABS, APPLY_TIME_FIELD, afterSaleDetailHref, type AfterSaleTabCounts } from '../components/after-sale-model';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { AFTER_SALE_STATUS_DICT, AFTER_SALE_WAY_DICT, afterSaleEntity, type AfterSaleRecord } from '../entities';

const field = (name: string) => `orders:afterSale.fields.${name}`;
type ApplyRange = [Dayjs | null, Dayjs | null] | null;

/**
 * 申请时间 as the list's filter, read by the server as createTime_begin / createTime_end: whole days sent as days, which
 * the server takes from the first microsecond of the first to the last of the last (an end of 23:59:59 would lose an
 * after-sale applied at 23:59:59.500), the rule of every range search (src/toolkit/crud/search-query.ts).
 */
function applyTimeFilters(range: ApplyRange): CrudFilter[] {
  const [begin, end] = range ?? [null, null];
  if (begin === null && end === null) return [];
  return [{ field: APPLY_TIME_FIELD, operator: 'between', value: [begin?.format('YYYY-MM-DD'), end?.format('YYYY-MM-DD')] }];
}

/** The goods of an after-sale: picture, name and spec. */
function GoodsCell({ record }: { record: AfterSaleRecord }) {
  const name = String(record.spuName ?? '');
  return (
    <Space>
      <StoredImage value={typeof record.picUrl === 'string' ? record.picUrl : null} alt={name} size={40} />
      <Space direction="vertical" size={0}>
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 128 }}>
          {name}
        </Typography.Text>
        {record.specText ? <Typography.Text type="secondary">{String(record.specText)}</Typography.Text> : null}
      </Space>
    </Space>
  );
}

/**
 * 售后单 (docs/reference/business-domains.md §3 "Screens"): status tabs whose counts come from the server under the same
 * filters as the list (tabCounts), search by 售后单号, 订单号, 买家, 商品名, 方式 and 申请时间, the rows with
 * their goods, and 详情 opening the after-sale in its own tab; export of what is shown (or selected).
 */
export default function AfterSaleListPage() {
  const { t } = useTranslation(['afterSales', 'orders', 'crud']);
  const navigate = useNavigate();
  const tab = useStatusTab(AFTER_SALE_TABS);
  const [applyRange, setApplyRange] = useState<ApplyRange>(null);
  // 售后状态 from the URL (`?status=10,30`: the dashboard's 退款中 and 待处理售后 open their after-sales), within the tab's.
  const [statusParam, setStatusParam] = useUrlParam('status');
  const statusItems = useLocalizedDictItems(AFTER_SALE_STATUS_DICT);
  const statuses = useMemo(() => (statusParam ?? '').split(',').filter((value) => /^\d+$/.test(value)), [statusParam]);
  const permanent = useMemo(
    () => [...tab.filters, ...(statuses.length === 0 ? [] : [{ field: 'status', operator: 'in' as const, value: statuses }]), ...applyTimeFilters(applyRange)],
    [tab.filters, statuses, applyRange],
  );
  const list = useEntityList<AfterSaleRecord>({ entity: afterSaleEntity, filters: permanent });
  const searchForm = list.searchFormProps.form;

  // The counts follow every filter but the status, which the tabs choose.
  const countQuery = useMemo(
    () => buildListQuery({ pagination: { mode: 'off' }, filters: list.filters.filter((filter) => !('field' in filter && filter.field === 'status')) }),
    [list.filters],
  );
  // Keyed among the after-sale lists: a decision on 售后详情 (which invalidates them) refreshes the counts too.
  const counts = useCustomRead<AfterSaleTabCounts>({ url: AFTER_SALE_API.tabCounts, query: countQuery }, { failure: t('list.countsError'), family: afterSaleEntity.table });

  const actions = useRowActionsColumn<AfterSaleRecord>({
    actions: [{ key: 'detail', label: t('list.detail'), onClick: (record) => void navigate(afterSaleDetailHref(String(record.id))) }],
  });

  const columns: TableColumnType<AfterSaleRecord>[] = [
    { key: 'no', dataIndex: 'no', title: t(field('no')), width: 190, sorter: true },
    { key: 'orderNo', dataIndex: 'orderNo', title: t(field('orderNo')), width: 190, render: (_value: unknown, record) => <AfterSaleOrderLink orderId={record.orderId} orderNo={record.orderNo} /> },
    { key: 'goods', title: t('list.goods'), render: (_value: unknown, record) => <GoodsCell record={record} /> },
    { key: 'refundPrice', dataIndex: 'refundPrice', title: t(field('refundPrice')), width: 110, sorter: true, render: (value: unknown) => moneyText(value) },
    { key: 'buyerName', dataIndex: 'buyerName', title: t(field('buyerName')), className: WRAP_CELL },
    { key: 'createTime', dataIndex: 'createTime', title: t('list.applyTime'), width: 170, sorter: true },
    dictColumn<AfterSaleRecord>('status', AFTER_SALE_STATUS_DICT, t(field('status'))),
    dictColumn<AfterSaleRecord>('way', AFTER_SALE_WAY_DICT, t(field('way')), { responsive: WIDE_ONLY }),
    ...(actions === null ? [] : [actions]),
  ];

  const countOf = (key: keyof AfterSaleTabCounts) => counts.value?.[key];

  return (
    <Card title={t('list.title')}>
      <Tabs
        className="crud-status-tabs"
        activeKey={tab.active}
        onChange={(key) => {
          list.clearSelection();
          tab.select(key);
        }}
        items={AFTER_SALE_TABS.map((item) => {
          const count = countOf(item.key);
          return {
            key: item.key,
            label: (
              <span data-testid={`after-sale-tab-${item.key}`}>
                {t(item.label)}
                {count === undefined ? null : <TabCountBadge count={count} />}
              </span>
            ),
          };
        })}
      />
      <LoadErrorAlert error={counts.error} onRetry={counts.retry} style={{ marginBottom: 16 }} />
      <Form
        {...list.searchFormProps}
        onFinish={(values: Record<string, unknown>) => {
          setApplyRange((values[APPLY_TIME_FIELD] as ApplyRange | undefined) ?? null);
          list.searchFormProps.onFinish?.(values);
        }}
        name="search"
        layout="inline"
        className="crud-search-form"
        data-testid="crud-search-form"
      >
        <Row gutter={[16, 12]} style={{ width: '100%' }}>
          {(['no', 'orderNo', 'buyerName', 'spuName'] as const).map((name) => (
            <Col key={name} xs={24} sm={12} lg={6}>
              <Form.Item name={name} label={t(field(name))} style={{ width: '100%' }}>
                <Input allowClear placeholder={t('crud:placeholderInput', { label: t(field(name)) })} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="way" label={t(field('way'))} style={{ width: '100%' }}>
              <DictSelect dictCode={AFTER_SALE_WAY_DICT} placeholder={t('crud:placeholderSelect', { label: t(field('way')) })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t(field('status'))} style={{ width: '100%' }}>
              <Select<string[]>
                mode="multiple"
                allowClear
                optionFilterProp="label"
                options={statusItems.map((item) => ({ value: item.value, label: item.label }))}
                value={statuses}
                onChange={(value) => setStatusParam(value.length > 0 ? value.join(',') : null)}
                placeholder={t('crud:placeholderSelect', { label: t(field('status')) })}
                aria-label={t(field('status'))}
                data-testid="after-sale-status-filter"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name={APPLY_TIME_FIELD} label={t('list.applyTime')} style={{ width: '100%' }}>
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SearchButtons
              onReset={() => {
                searchForm?.resetFields();
                setApplyRange(null);
                setStatusParam(null);
                list.reset();
              }}
            />
          </Col>
        </Row>
      </Form>
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        <ExportButton list={list} />
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<AfterSaleRecord> {...list.tableProps} columns={columns} />
    </Card>
  );
}
