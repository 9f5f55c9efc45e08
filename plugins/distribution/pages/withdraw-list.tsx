import { App, Card, Space, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictColumn, ExportButton, ListTable, LoadErrorAlert, moneyText, SearchForm, StatusTabs, useEntityAction, useEntityList, useRowActionsColumn, useStatusTab, WRAP_CELL } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { DRP_CODES, DRP_URLS, WITHDRAW_TABS } from '../components/drp-model';
import { ReasonModal, type ReasonTarget } from '../components/reason-modal';
import { DRP_WITHDRAW_STATUS_DICT, DRP_WITHDRAW_TYPE_DICT, drpDistributorEntity, drpWithdrawEntity, WITHDRAW_STATUS, type DrpWithdrawRecord } from '../entities';

const field = (name: string) => `distribution:withdraw.fields.${name}`;

/**
 * 提现 (docs/reference/business-domains.md §5 "Withdrawal states"): status tabs with counts, the amounts (金额, 手续费,
 * 到账金额), method and account; 通过, 打款 and 重新转账 (back to 审核中) ask first; 驳回 takes a reason and
 * returns the amount; 打款失败 takes the reason the transfer bounced.
 */
export default function WithdrawListPage() {
  const { t } = useTranslation(['distribution', 'crud']);
  const { modal } = App.useApp();
  const tab = useStatusTab(WITHDRAW_TABS);
  const list = useEntityList<DrpWithdrawRecord>({ entity: drpWithdrawEntity, filters: tab.filters });
  const [rejecting, setRejecting] = useState<ReasonTarget | null>(null);
  const invalidates = [drpWithdrawEntity.table, drpDistributorEntity.table];
  const action = useEntityAction({ invalidates });
  const run = async (url: string, record: DrpWithdrawRecord): Promise<void> => {
    await action.run({ url, method: 'post', values: { id: String(record.id) } });
  };
  const statusIs = (record: DrpWithdrawRecord, status: string) => String(record.status) === status;

  const actions = useRowActionsColumn<DrpWithdrawRecord>({
    actions: [
      {
        key: 'approve',
        label: t('withdraw.actions.approve'),
        code: DRP_CODES.withdrawApprove,
        confirm: t('withdraw.confirm.approve'),
        showFor: (record) => statusIs(record, WITHDRAW_STATUS.auditing),
        onClick: (record) => run(DRP_URLS.withdrawApprove, record),
      },
      {
        key: 'reject',
        label: t('withdraw.actions.reject'),
        code: DRP_CODES.withdrawReject,
        danger: true,
        showFor: (record) => statusIs(record, WITHDRAW_STATUS.auditing),
        onClick: (record) => setRejecting({ id: String(record.id), url: DRP_URLS.withdrawReject, title: t('withdraw.rejectTitle') }),
      },
      {
        key: 'pay',
        label: t('withdraw.actions.pay'),
        code: DRP_CODES.withdrawPay,
        showFor: (record) => statusIs(record, WITHDRAW_STATUS.approved),
        // Asks with the amount to transfer (到账金额) before marking it paid.
        onClick: (record) =>
          void modal.confirm({
            title: t('withdraw.confirm.pay', { amount: moneyText(record.payoutPrice) }),
            okText: t('crud:ok'),
            cancelText: t('crud:cancel'),
            onOk: () => run(DRP_URLS.withdrawPay, record),
          }),
      },
      {
        key: 'payFail',
        label: t('withdraw.actions.payFail'),
        code: DRP_CODES.withdrawPay,
        danger: true,
        showFor: (record) => statusIs(record, WITHDRAW_STATUS.approved),
        onClick: (record) => setRejecting({ id: String(record.id), url: DRP_URLS.withdrawPayFail, title: t('withdraw.payFailTitle') }),
      },
      {
        key: 'repay',
        label: t('withdraw.actions.repay'),
        code: DRP_CODES.withdrawPay,
        showFor: (record) => statusIs(record, WITHDRAW_STATUS.failed),
        onClick: (record) =>
          void modal.confirm({
            title: t('withdraw.confirm.repay'),
            okText: t('crud:ok'),
            cancelText: t('crud:cancel'),
            onOk: () => run(DRP_URLS.withdrawRepay, record),
          }),
      },
    ],
  });

  const columns: TableColumnType<DrpWithdrawRecord>[] = [
    { key: 'memberName', dataIndex: 'memberName', title: t(field('memberName')), width: 140, ellipsis: true },
    { key: 'price', dataIndex: 'price', title: t(field('price')), width: 110, sorter: true, render: (value: unknown) => moneyText(value) },
    { key: 'feePrice', dataIndex: 'feePrice', title: t(field('feePrice')), width: 100, render: (value: unknown) => moneyText(value) },
    { key: 'payoutPrice', dataIndex: 'payoutPrice', title: t(field('payoutPrice')), width: 110, render: (value: unknown) => moneyText(value) },
    dictColumn<DrpWithdrawRecord>('type', DRP_WITHDRAW_TYPE_DICT, t(field('type'))),
    {
      key: 'account',
      dataIndex: 'account',
      title: t(field('account')),
      render: (_value: unknown, record) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{String(record.name ?? '')}</Typography.Text>
          <Typography.Text type="secondary">{String(record.account ?? '')}</Typography.Text>
        </Space>
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('withdraw.applyTime'), width: 170, sorter: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t(field('status')),
      // A refusal's or a failed payout's reason wraps under the status.
      className: WRAP_CELL,
      render: (value: unknown, record) => (
        <Space direction="vertical" size={0}>
          <DictValue dict={DRP_WITHDRAW_STATUS_DICT} value={value} text={record.status_dictText} />
          {record.auditReason ? <Typography.Text type="secondary">{String(record.auditReason)}</Typography.Text> : null}
          {record.payFailReason && String(record.status) === WITHDRAW_STATUS.failed ? <Typography.Text type="danger">{String(record.payFailReason)}</Typography.Text> : null}
        </Space>
      ),
    },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('withdraw.title')}>
      <StatusTabs
        entity={drpWithdrawEntity}
        tabs={WITHDRAW_TABS}
        active={tab.active}
        onChange={(key) => {
          list.clearSelection();
          tab.select(key);
        }}
      />
      <SearchForm name="search" entity={drpWithdrawEntity} formProps={list.searchFormProps} onReset={list.reset} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        <ExportButton list={list} />
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<DrpWithdrawRecord> {...list.tableProps} columns={columns} />
      <ReasonModal target={rejecting} invalidates={invalidates} onClose={() => setRejecting(null)} />
    </Card>
  );
}
