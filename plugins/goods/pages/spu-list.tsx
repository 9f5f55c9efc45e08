import { App, Button, Card, Col, DatePicker, Descriptions, Form, Input, Row, Space, TreeSelect, Typography, type TableColumnType } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { permissionCode } from '../../../src/contracts/entity';
import { DictSelect, DictValue } from '../../../src/toolkit/dict';
import { ConfirmSwitch, CreateButton, ExportButton, ListTable, LoadErrorAlert, moneyText, SearchButtons, SelectionAlert, StatusTabs, useContributedColumns, useEntityList, useGuardedModalState, useRowActionsColumn, useStatusTab, useUrlParam, WIDE_ONLY, WRAP_CELL } from '../../../src/toolkit/crud';
import { useAccess, useAccessMap } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { categoryOptions, useCategoryTree } from '../components/category-tree';
import { SpuFormModal } from '../components/spu-form-modal';
import { CATEGORY_PARAM, GOODS_DETAIL_PATH, RECYCLE_TAB, SPU_PERMISSIONS, SPU_STATUS_TABS } from '../components/spu-model';
import { useSpuStatus } from '../components/use-spu-status';
import { BRAND_DICT, SPU_STATUS, SPU_STATUS_DICT, spuEntity, type SpuRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';


/** 市场价, 成本价, 浏览量, 虚拟销量 under a row. */
function SpuExpanded({ record }: { record: SpuRecord }) {
  const { t } = useTranslation('goods');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        { key: 'marketPrice', label: t('spu.fields.marketPrice'), children: moneyText(record.marketPrice) },
        { key: 'costPrice', label: t('spu.fields.costPrice'), children: moneyText(record.costPrice) },
        { key: 'browseCount', label: t('spu.fields.browseCount'), children: String(record.browseCount ?? 0) },
        { key: 'virtualSalesCount', label: t('spu.fields.virtualSalesCount'), children: String(record.virtualSalesCount ?? 0) },
      ]}
    />
  );
}

/**
 * 商品SPU: the goods with status tabs and their counts (出售中, 仓库中, 已售罄, 警戒库存, 回收站), search by
 * name, category (the tree), brand and 创建时间 (whole days), the 销售状态 switch, 上架/下架/回收/恢复 for a row or the selection
 * (each through updateStatus), delete only from the 回收站, and the create/edit form in the URL.
 */
export default function SpuListPage() {
  const { t } = useTranslation(['goods', 'crud']);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const tab = useStatusTab(SPU_STATUS_TABS);
  const list = useEntityList<SpuRecord>({ entity: spuEntity, filters: tab.filters });
  const [modalState, setModal] = useGuardedModalState(spuEntity);
  const status = useSpuStatus();
  const statusGate = useAccess(SPU_PERMISSIONS.updateStatus);
  const gates = useAccessMap({ delete: permissionCode(spuEntity, 'delete'), deleteBatch: permissionCode(spuEntity, 'deleteBatch'), exportXls: permissionCode(spuEntity, 'exportXls'), add: permissionCode(spuEntity, 'add') });
  const { tree } = useCategoryTree();
  const categoryTree = useMemo(() => categoryOptions(tree), [tree]);
  const [categoryParam, setCategoryParam] = useUrlParam(CATEGORY_PARAM);
  const searchForm = list.searchFormProps.form;
  const search = list.searchFormProps.onFinish;
  const inRecycle = tab.active === RECYCLE_TAB;
  // Figures other plugins keep of each goods (商品评分 and 评价数 from 商品评价).
  const contributed = useContributedColumns<SpuRecord>(spuEntity.table, list.tableProps.dataSource);

  // 查看商品 of a category: search by it, then drop the parameter so the same link works again.
  useEffect(() => {
    if (categoryParam === null || !RECORD_ID_PATTERN.test(categoryParam) || searchForm === undefined) return;
    searchForm.setFieldsValue({ categoryId: categoryParam });
    search?.(searchForm.getFieldsValue());
    setCategoryParam(null);
  }, [categoryParam, searchForm, search, setCategoryParam]);

  const changeStatus = async (ids: readonly string[], next: string) => {
    if (await status.update(ids, next)) list.setSelected(list.selected.filter((id) => !ids.includes(id)));
  };

  const confirmBatch = (question: string, run: () => Promise<unknown>) => {
    void modal.confirm({ title: question, okText: t('crud:ok'), cancelText: t('crud:cancel'), onOk: run });
  };

  const actions = useRowActionsColumn<SpuRecord>({
    actions: [
      { key: 'detail', label: t('spu.actions.detail'), onClick: (record) => void navigate(`${GOODS_DETAIL_PATH}?id=${encodeURIComponent(String(record.id))}`) },
      { key: 'edit', label: t('crud:edit'), code: permissionCode(spuEntity, 'edit'), showFor: (record) => String(record.status) !== SPU_STATUS.recycled, onClick: (record) => setModal({ mode: 'edit', id: String(record.id) }) },
      {
        key: 'recycle',
        label: t('spu.actions.recycle'),
        code: SPU_PERMISSIONS.updateStatus,
        danger: true,
        confirm: t('spu.confirm.recycleOne'),
        showFor: (record) => String(record.status) !== SPU_STATUS.recycled,
        onClick: (record) => changeStatus([String(record.id)], SPU_STATUS.recycled),
      },
      {
        key: 'restore',
        label: t('spu.actions.restore'),
        code: SPU_PERMISSIONS.updateStatus,
        confirm: t('spu.confirm.restoreOne'),
        showFor: (record) => String(record.status) === SPU_STATUS.recycled,
        onClick: (record) => changeStatus([String(record.id)], SPU_STATUS.offShelf),
      },
      {
        key: 'delete',
        label: t('crud:delete'),
        code: permissionCode(spuEntity, 'delete'),
        danger: true,
        confirm: t('spu.confirm.deleteOne'),
        showFor: (record) => String(record.status) === SPU_STATUS.recycled,
        onClick: (record) => list.remove(String(record.id)),
      },
    ],
  });

  const columns: TableColumnType<SpuRecord>[] = [
    { key: 'no', dataIndex: 'no', title: t('spu.fields.no'), sorter: true, width: 90 },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('spu.columns.info'),
      sorter: true,
      className: WRAP_CELL,
      render: (_value: unknown, record) => (
        <Space>
          <StoredImage value={typeof record.picUrl === 'string' ? record.picUrl : null} alt={String(record.name ?? '')} size={48} />
          <Typography.Text>{String(record.name ?? '')}</Typography.Text>
        </Space>
      ),
    },
    { key: 'price', dataIndex: 'price', title: t('spu.fields.price'), sorter: true, width: 110, render: (value: unknown) => moneyText(value) },
    { key: 'salesCount', dataIndex: 'salesCount', title: t('spu.fields.salesCount'), sorter: true, width: 90 },
    { key: 'stock', dataIndex: 'stock', title: t('spu.fields.stock'), sorter: true, width: 90 },
    { key: 'sort', dataIndex: 'sort', title: t('spu.fields.sort'), sorter: true, responsive: WIDE_ONLY },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('spu.fields.status'),
      width: 110,
      render: (value: unknown, record) => {
        const current = String(value);
        if (current === SPU_STATUS.recycled || !statusGate.visible) return <DictValue dict={SPU_STATUS_DICT} value={value} text={record.status_dictText} />;
        return (
          <ConfirmSwitch
            checked={current === SPU_STATUS.onShelf}
            checkedChildren={t('spu.onShelf')}
            unCheckedChildren={t('spu.offShelf')}
            disabled={statusGate.disabled}
            loading={status.running}
            aria-label={t('spu.fields.status')}
            question={(checked) => t(checked ? 'spu.confirm.onShelfOne' : 'spu.confirm.offShelfOne', { name: String(record.name ?? '') })}
            onConfirm={(checked) => changeStatus([String(record.id)], checked ? SPU_STATUS.onShelf : SPU_STATUS.offShelf)}
          />
        );
      },
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('spu.columns.createTime'), sorter: true, responsive: WIDE_ONLY },
    ...contributed,
    ...(actions === null ? [] : [actions]),
  ];

  const selected = list.selected;
  const none = selected.length === 0;
  const batchButton = (key: string, next: string, question: string) => (
    <Button key={key} disabled={none || statusGate.disabled} onClick={() => confirmBatch(t(question, { count: selected.length }), () => changeStatus(selected, next))}>
      {t(`spu.batch.${key}`)}
    </Button>
  );

  return (
    <Card title={t('spu.title')}>
      <StatusTabs entity={spuEntity} tabs={SPU_STATUS_TABS} active={tab.active} onChange={(key) => { list.clearSelection(); tab.select(key); }} />
      <Form {...list.searchFormProps} name="search" layout="inline" className="crud-search-form" data-testid="crud-search-form">
        <Row gutter={[16, 12]} style={{ width: '100%' }}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="name" label={t('spu.fields.name')} style={{ width: '100%' }}>
              <Input allowClear placeholder={t('crud:placeholderInput', { label: t('spu.fields.name') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="categoryId" label={t('spu.fields.categoryId')} style={{ width: '100%' }}>
              <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeData={categoryTree} placeholder={t('crud:placeholderSelect', { label: t('spu.fields.categoryId') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="brandId" label={t('spu.fields.brandId')} style={{ width: '100%' }}>
              <DictSelect dictCode={BRAND_DICT} placeholder={t('crud:placeholderSelect', { label: t('spu.fields.brandId') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="createdTime" label={t('spu.columns.createTime')} style={{ width: '100%' }}>
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SearchButtons
              onReset={() => {
                searchForm?.resetFields();
                list.reset();
              }}
            />
          </Col>
        </Row>
      </Form>
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {gates.add.visible ? <CreateButton entity={spuEntity} onClick={() => setModal({ mode: 'create' })} /> : null}
        {gates.exportXls.visible ? <ExportButton list={list} /> : null}
        {statusGate.visible && !inRecycle ? [batchButton('onShelf', SPU_STATUS.onShelf, 'spu.confirm.onShelf'), batchButton('offShelf', SPU_STATUS.offShelf, 'spu.confirm.offShelf'), batchButton('recycle', SPU_STATUS.recycled, 'spu.confirm.recycle')] : null}
        {statusGate.visible && inRecycle ? batchButton('restore', SPU_STATUS.offShelf, 'spu.confirm.restore') : null}
        {inRecycle && gates.deleteBatch.visible ? (
          <Button danger disabled={none || gates.deleteBatch.disabled} onClick={() => confirmBatch(t('spu.confirm.delete', { count: selected.length }), () => list.removeSelected())}>
            {t('spu.batch.delete')}
          </Button>
        ) : null}
      </Space>
      <SelectionAlert count={selected.length} onClear={list.clearSelection} />
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<SpuRecord> {...list.tableProps} columns={columns} expandable={{ expandedRowRender: (record) => <SpuExpanded record={record} /> }} />
      <SpuFormModal state={modalState} onClose={() => setModal(null)} />
    </Card>
  );
}
