import { App, Card, Drawer, Space, Switch, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, ExportButton, ListTable, LoadErrorAlert, moneyText, SearchForm, useEntityAction, useEntityList, useRowActionsColumn, WIDE_ONLY } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { DistributorLevelModal } from '../components/level-modal';
import { DRP_CODES, DRP_URLS } from '../components/drp-model';
import { BROKERAGE_BIZ, drpBrokerageRecordEntity, drpDistributorEntity, type DrpBrokerageRecord, type DrpDistributorRecord } from '../entities';
import { ParentModal } from '../components/parent-modal';
import { ReferralsDrawer } from '../components/referrals-drawer';

const field = (name: string) => `distribution:distributor.fields.${name}`;

/** 佣金记录 of one distributor (the commission ledger, newest first), or its 推广订单 (the order commission rows). */
function RecordsDrawer({ distributor, orders, onClose }: { distributor: DrpDistributorRecord | null; orders: boolean; onClose: () => void }) {
  const { t } = useTranslation(['distribution', 'crud']);
  const title = orders ? 'distributor.ordersTitle' : 'distributor.recordsTitle';
  return (
    <Drawer open={distributor !== null} width={1280} title={t(title, { name: String(distributor?.memberName ?? '') })} onClose={onClose} destroyOnHidden>
      {distributor !== null ? (
        <EntityListPage<DrpBrokerageRecord>
          entity={drpBrokerageRecordEntity}
          fixedValues={orders ? { distributorId: String(distributor.id), bizType: BROKERAGE_BIZ.order } : { distributorId: String(distributor.id) }}
          urlPrefix={orders ? 'orders-' : 'records-'}
          card={false}
          without={['create', 'edit', 'delete', 'batchDelete', 'import']}
          renderers={{
            price: (value) => <Typography.Text type={Number(value) < 0 ? 'danger' : 'success'}>{moneyText(value)}</Typography.Text>,
          }}
        />
      ) : null}
    </Drawer>
  );
}

/**
 * 分销商 (docs/reference/business-domains.md §5 "Screens"): member, level, 推广人数, available and frozen commission,
 * the 资格 switch, upline and invite code; per row 推广人 (level 1 and 2), 推广订单, 修改等级, 修改/清除上级,
 * 取消资格/恢复 and the commission ledger.
 */
export default function DistributorListPage() {
  const { t } = useTranslation(['distribution', 'crud']);
  const { modal } = App.useApp();
  const list = useEntityList<DrpDistributorRecord>({ entity: drpDistributorEntity });
  const [levelOf, setLevelOf] = useState<DrpDistributorRecord | null>(null);
  const [recordsOf, setRecordsOf] = useState<{ distributor: DrpDistributorRecord; orders: boolean } | null>(null);
  const [referralsOf, setReferralsOf] = useState<DrpDistributorRecord | null>(null);
  const [parentOf, setParentOf] = useState<DrpDistributorRecord | null>(null);
  const enabledGate = useAccess(DRP_CODES.distributorEnabled);
  const toggle = useEntityAction({ invalidates: [drpDistributorEntity.table] });

  const setEnabled = async (record: DrpDistributorRecord, enabled: boolean): Promise<void> => {
    await toggle.run({ url: DRP_URLS.updateEnabled, method: 'post', values: { id: String(record.id), enabled } });
  };

  const confirmEnabled = (record: DrpDistributorRecord, enabled: boolean) => {
    void modal.confirm({
      title: t(enabled ? 'distributor.confirm.enable' : 'distributor.confirm.disable'),
      okText: t('crud:ok'),
      cancelText: t('crud:cancel'),
      okButtonProps: { danger: !enabled },
      onOk: () => setEnabled(record, enabled),
    });
  };

  const actions = useRowActionsColumn<DrpDistributorRecord>({
    actions: [
      { key: 'referrals', label: t('distributor.actions.referrals'), code: DRP_CODES.distributorList, onClick: (record) => setReferralsOf(record) },
      { key: 'orders', label: t('distributor.actions.orders'), code: DRP_CODES.recordList, onClick: (record) => setRecordsOf({ distributor: record, orders: true }) },
      { key: 'level', label: t('distributor.actions.level'), code: DRP_CODES.distributorLevel, onClick: (record) => setLevelOf(record) },
      { key: 'parent', label: t('distributor.actions.parent'), code: DRP_CODES.distributorParent, onClick: (record) => setParentOf(record) },
      {
        key: 'disable',
        label: t('distributor.actions.disable'),
        code: DRP_CODES.distributorEnabled,
        danger: true,
        confirm: t('distributor.confirm.disable'),
        showFor: (record) => record.enabled === true,
        onClick: (record) => setEnabled(record, false),
      },
      {
        key: 'enable',
        label: t('distributor.actions.enable'),
        code: DRP_CODES.distributorEnabled,
        confirm: t('distributor.confirm.enable'),
        showFor: (record) => record.enabled !== true,
        onClick: (record) => setEnabled(record, true),
      },
      { key: 'records', label: t('distributor.actions.records'), code: DRP_CODES.recordList, onClick: (record) => setRecordsOf({ distributor: record, orders: false }) },
    ],
  });

  const columns: TableColumnType<DrpDistributorRecord>[] = [
    {
      key: 'memberName',
      dataIndex: 'memberName',
      title: t(field('memberName')),
      width: 160,
      render: (_value: unknown, record) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{String(record.memberName ?? '')}</Typography.Text>
          {record.mobile ? <Typography.Text type="secondary">{String(record.mobile)}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'levelId', dataIndex: 'levelId_dictText', title: t(field('levelId')), width: 120, render: (value: unknown) => <Tag color="blue">{String(value ?? '')}</Tag> },
    { key: 'inviteCount', dataIndex: 'inviteCount', title: t('distributor.inviteCount'), responsive: WIDE_ONLY },
    { key: 'brokeragePrice', dataIndex: 'brokeragePrice', title: t(field('brokeragePrice')), width: 120, sorter: true, render: (value: unknown) => moneyText(value) },
    { key: 'frozenPrice', dataIndex: 'frozenPrice', title: t(field('frozenPrice')), width: 110, sorter: true, render: (value: unknown) => moneyText(value) },
    { key: 'totalBrokerage', dataIndex: 'totalBrokerage', title: t(field('totalBrokerage')), width: 110, sorter: true, render: (value: unknown) => moneyText(value) },
    {
      key: 'withdrawnPrice',
      dataIndex: 'withdrawnPrice',
      title: t(field('withdrawnPrice')),
      width: 130,
      render: (value: unknown, record) => t('distributor.withdrawn', { price: moneyText(value), count: Number(record.withdrawCount ?? 0) }),
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t(field('enabled')),
      width: 110,
      render: (value: unknown, record) =>
        enabledGate.visible ? (
          <Switch
            checked={value === true}
            checkedChildren={t('distributor.enabledOn')}
            unCheckedChildren={t('distributor.enabledOff')}
            disabled={enabledGate.disabled}
            loading={toggle.running}
            aria-label={t(field('enabled'))}
            onChange={(checked) => confirmEnabled(record, checked)}
          />
        ) : (
          <Tag color={value === true ? 'green' : 'default'}>{t(value === true ? 'distributor.enabledOn' : 'distributor.enabledOff')}</Tag>
        ),
    },
    { key: 'parentName', dataIndex: 'parentName', title: t(field('parentName')), width: 120, render: (value: unknown) => (value ? String(value) : t('distributor.none')) },
    { key: 'inviteCode', dataIndex: 'inviteCode', title: t(field('inviteCode')), responsive: WIDE_ONLY },
    { key: 'createTime', dataIndex: 'createTime', title: t('distributor.createTime'), sorter: true, responsive: WIDE_ONLY },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('distributor.title')}>
      <SearchForm name="search" entity={drpDistributorEntity} formProps={list.searchFormProps} onReset={list.reset} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        <ExportButton list={list} />
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<DrpDistributorRecord> {...list.tableProps} columns={columns} />
      <DistributorLevelModal distributor={levelOf} onClose={() => setLevelOf(null)} />
      <RecordsDrawer distributor={recordsOf?.distributor ?? null} orders={recordsOf?.orders === true} onClose={() => setRecordsOf(null)} />
      <ReferralsDrawer distributor={referralsOf} onClose={() => setReferralsOf(null)} />
      <ParentModal distributor={parentOf} onClose={() => setParentOf(null)} />
    </Card>
  );
}
