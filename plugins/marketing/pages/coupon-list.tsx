import { App, Card, Col, Form, Input, Row, Space, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionCode } from '../../../src/contracts/entity';
import { DictSelect, DictValue } from '../../../src/toolkit/dict';
import { BatchDeleteButton, ConfirmSwitch, CreateButton, dictColumn, ExportButton, ListTable, LoadErrorAlert, SearchButtons, SelectionAlert, useEntityAction, useEntityList, useGuardedModalState, useRowActionsColumn, WIDE_ONLY, WRAP_CELL } from '../../../src/toolkit/crud';
import { useAccess, useAccessMap } from '../../../src/toolkit/permission';
import { countText, offerText, RECORD_PERMISSIONS, validityText } from '../components/coupon-model';
import { CouponFormModal } from '../components/coupon-form-modal';
import { CouponRecordsDrawer } from '../components/coupon-records-drawer';
import { CouponSendModal } from '../components/coupon-send-modal';
import { COUPON_DISCOUNT_TYPE_DICT, COUPON_STATUS, COUPON_STATUS_DICT, COUPON_TAKE_TYPE_DICT, couponTemplateEntity, type CouponTemplateRecord } from '../entities';

const entity = couponTemplateEntity;
const SEND_PERMISSION = 'marketing:coupon:send';

/**
 * 优惠券: the templates with their offer in words, 使用时间, 发放数量 / 剩余 / 领取上限 and the 状态
 * switch; search by 名称, 类型, 状态; 新增 / 修改 / 复制 in one dialog showing what the types need;
 * 删除 (asks first; the server keeps templates members hold), 发送 to chosen members, 领取记录 with
 * 回收, Excel export.
 */
export default function CouponListPage() {
  const { t } = useTranslation(['marketing', 'crud']);
  const list = useEntityList<CouponTemplateRecord>({ entity });
  const [modalState, setModal] = useGuardedModalState(entity);
  const [copyOf, setCopyOf] = useState<CouponTemplateRecord | null>(null);
  const [sending, setSending] = useState<CouponTemplateRecord | null>(null);
  const [records, setRecords] = useState<CouponTemplateRecord | null>(null);
  const gates = useAccessMap({ add: permissionCode(entity, 'add'), edit: permissionCode(entity, 'edit'), exportXls: permissionCode(entity, 'exportXls') });
  const recordsGate = useAccess(RECORD_PERMISSIONS.list);
  const { message } = App.useApp();
  // 启用/停用 says what it did (the edit route it goes through would answer 编辑成功!).
  const statusAction = useEntityAction({ invalidates: [entity.table], silent: true });
  const switchStatus = async (record: CouponTemplateRecord, enable: boolean) => {
    const done = await statusAction.run({ url: `${entity.api}/edit`, method: 'put', values: { id: String(record.id), status: enable ? COUPON_STATUS.enabled : COUPON_STATUS.disabled } });
    if (done !== undefined) void message.success(t(enable ? 'coupon.toast.enabled' : 'coupon.toast.disabled'));
  };
  const searchForm = list.searchFormProps.form;

  const actions = useRowActionsColumn<CouponTemplateRecord>({
    actions: [
      { key: 'edit', label: t('crud:edit'), code: permissionCode(entity, 'edit'), onClick: (record) => setModal({ mode: 'edit', id: String(record.id) }) },
      { key: 'delete', label: t('crud:delete'), code: permissionCode(entity, 'delete'), danger: true, confirm: t('crud:confirmDelete'), onClick: (record) => list.remove(String(record.id)) },
      { key: 'send', label: t('coupon.actions.send'), code: SEND_PERMISSION, showFor: (record) => String(record.status) === COUPON_STATUS.enabled, onClick: (record) => setSending(record) },
      ...(recordsGate.visible ? [{ key: 'records', label: t('coupon.actions.records'), code: RECORD_PERMISSIONS.list, onClick: (record: CouponTemplateRecord) => setRecords(record) }] : []),
      {
        key: 'copy',
        label: t('coupon.actions.copy'),
        code: permissionCode(entity, 'add'),
        onClick: (record) => {
          setCopyOf(record);
          setModal({ mode: 'create' });
        },
      },
    ],
  });

  const columns: TableColumnType<CouponTemplateRecord>[] = [
    { key: 'name', dataIndex: 'name', title: t('coupon.fields.name'), sorter: true, ellipsis: true },
    dictColumn<CouponTemplateRecord>('discountType', COUPON_DISCOUNT_TYPE_DICT, t('coupon.fields.discountType')),
    { key: 'offer', title: t('coupon.columns.offer'), className: WRAP_CELL, render: (_value: unknown, record) => offerText(t, record) },
    dictColumn<CouponTemplateRecord>('takeType', COUPON_TAKE_TYPE_DICT, t('coupon.fields.takeType')),
    { key: 'useTime', title: t('coupon.columns.useTime'), className: WRAP_CELL, render: (_value: unknown, record) => validityText(t, record) },
    { key: 'totalCount', dataIndex: 'totalCount', title: t('coupon.fields.totalCount'), sorter: true, width: 100, render: (value: unknown) => countText(t, value) },
    { key: 'remainCount', dataIndex: 'remainCount', title: t('coupon.columns.remain'), responsive: WIDE_ONLY, render: (value: unknown) => countText(t, value) },
    { key: 'takeCount', dataIndex: 'takeCount', title: t('coupon.columns.taken'), width: 80 },
    { key: 'useCount', dataIndex: 'useCount', title: t('coupon.columns.used'), width: 80 },
    {
      key: 'takeLimitCount',
      dataIndex: 'takeLimitCount',
      title: t('coupon.columns.takeLimit'),
      responsive: WIDE_ONLY,
      render: (value: unknown) => (Number(value) === -1 ? t('coupon.unlimited') : t('coupon.perMember', { count: Number(value) })),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('coupon.fields.status'),
      width: 90,
      render: (value: unknown, record) =>
        gates.edit.visible ? (
          <ConfirmSwitch
            checked={String(value) === COUPON_STATUS.enabled}
            checkedChildren={t('coupon.enabled')}
            unCheckedChildren={t('coupon.disabled')}
            disabled={gates.edit.disabled}
            loading={statusAction.running}
            aria-label={t('coupon.fields.status')}
            question={(checked) => t(checked ? 'coupon.confirm.enable' : 'coupon.confirm.disable', { name: String(record.name ?? '') })}
            onConfirm={(checked) => switchStatus(record, checked)}
          />
        ) : (
          <DictValue dict={COUPON_STATUS_DICT} value={value} text={record.status_dictText} />
        ),
    },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('coupon.title')}>
      <Form {...list.searchFormProps} name="search" layout="inline" className="crud-search-form" data-testid="crud-search-form">
        <Row gutter={[16, 12]} style={{ width: '100%' }}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="name" label={t('coupon.search.name')} style={{ width: '100%' }}>
              <Input allowClear placeholder={t('crud:placeholderInput', { label: t('coupon.search.name') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="discountType" label={t('coupon.search.discountType')} style={{ width: '100%' }}>
              <DictSelect dictCode={COUPON_DISCOUNT_TYPE_DICT} placeholder={t('crud:placeholderSelect', { label: t('coupon.search.discountType') })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="status" label={t('coupon.search.status')} style={{ width: '100%' }}>
              <DictSelect dictCode={COUPON_STATUS_DICT} placeholder={t('crud:placeholderSelect', { label: t('coupon.search.status') })} />
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
        {gates.add.visible ? (
          <CreateButton
            entity={entity}
            onClick={() => {
              setCopyOf(null);
              setModal({ mode: 'create' });
            }}
          />
        ) : null}
        {gates.exportXls.visible ? <ExportButton list={list} /> : null}
        <BatchDeleteButton list={list} />
      </Space>
      <SelectionAlert count={list.selected.length} onClear={list.clearSelection} />
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<CouponTemplateRecord> {...list.tableProps} columns={columns} />
      <CouponFormModal
        entity={entity}
        state={modalState}
        copyOf={copyOf}
        onClose={() => {
          setCopyOf(null);
          setModal(null);
        }}
        onSaved={() => {
          setCopyOf(null);
          setModal(null);
        }}
      />
      <CouponSendModal template={sending} onClose={() => setSending(null)} />
      <CouponRecordsDrawer template={records} onClose={() => setRecords(null)} />
    </Card>
  );
}
