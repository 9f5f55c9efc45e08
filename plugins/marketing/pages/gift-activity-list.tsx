import { Card, Space, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionCode } from '../../../src/contracts/entity';
import { CreateButton, entityColumns, ExportButton, ListTable, LoadErrorAlert, SearchForm, type StatusTab, StatusTabs, useEntityAction, useEntityList, useGuardedModalState, useRowActionsColumn, useStatusTab, WRAP_CELL } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { useAccessMap } from '../../../src/toolkit/permission';
import { CAMPAIGN_STATUS, CAMPAIGN_TIME_STATUS_DICT, giftActivityEntity, giftActivityOrderEntity, TIME_STATUS } from '../campaign-entities';
import { CampaignDealDrawer, CLOSE_PERMISSION, type CampaignRow } from '../components/campaign-deal-drawer';
import { CampaignFormModal } from '../components/campaign-form-modal';

type Row = CampaignRow & { rulesSummary?: string; startTime?: string; endTime?: string };

const tabOf = (key: string, value?: string): StatusTab => ({
  key,
  label: `marketingCampaigns:giftActivity.tabs.${key}`,
  filters: value === undefined ? [] : [{ field: 'timeStatus', operator: 'eq', value }],
});

/** The time-status tabs: docs/spec.md §4's modes 1 / 2 / 3 among the open campaigns, and the closed ones (4). */
const TABS: StatusTab[] = [tabOf('all'), tabOf('notStarted', TIME_STATUS.notStarted), tabOf('running', TIME_STATUS.running), tabOf('ended', TIME_STATUS.ended), tabOf('closed', CAMPAIGN_STATUS.closed)];

/** What a row shows as its state: 已关闭 (4) when closed, else its time status (1 / 2 / 3). */
export const displayStatus = (row: Row): string => (row.status === CAMPAIGN_STATUS.closed ? CAMPAIGN_STATUS.closed : String(row.timeStatus ?? ''));

/**
 * 赠品活动: search by name (and window, condition), the time-status tabs with counts, columns with the
 * status tag and the rules summary; row actions 编辑 (until it ends or closes), 办理 — docs/spec.md §4's deal
 * button, shown unless the status is 1, 3 or 4, i.e. only while in progress — 关闭 (confirmed; never
 * reopens) and 删除 (confirmed).
 */
export default function GiftActivityListPage() {
  const { t } = useTranslation(['marketingCampaigns', 'crud']);
  const tab = useStatusTab(TABS);
  const list = useEntityList<Row>({ entity: giftActivityEntity, filters: tab.filters });
  const [modalState, setModal] = useGuardedModalState(giftActivityEntity);
  const [dealing, setDealing] = useState<Row | null>(null);
  const close = useEntityAction({ invalidates: [giftActivityEntity.table, giftActivityOrderEntity.table] });
  const gates = useAccessMap({ add: permissionCode(giftActivityEntity, 'add'), exportXls: permissionCode(giftActivityEntity, 'exportXls') });

  const closeCampaign = async (row: CampaignRow) => {
    const answer = await close.run({ url: `${giftActivityEntity.api}/close`, method: 'post', values: { id: row.id } });
    if (answer !== undefined) setDealing(null);
  };
  const state = (row: Row) => displayStatus(row);
  const open = (row: Row) => row.status !== CAMPAIGN_STATUS.closed;

  const actionsColumn = useRowActionsColumn<Row>({
    actions: [
      { key: 'edit', label: t('crud:edit'), code: permissionCode(giftActivityEntity, 'edit'), showFor: (row) => open(row) && row.timeStatus !== TIME_STATUS.ended, onClick: (row) => setModal({ mode: 'edit', id: String(row.id) }) },
      // docs/spec.md §4: the deal button is shown unless the status is 1, 3 or 4.
      { key: 'deal', label: t('giftActivity.deal'), code: permissionCode(giftActivityEntity, 'list'), showFor: (row) => !['1', '3', '4'].includes(state(row)), onClick: (row) => setDealing(row) },
      {
        key: 'close',
        label: t('giftActivity.close'),
        code: CLOSE_PERMISSION,
        danger: true,
        confirm: t('giftActivity.closeConfirm'),
        showFor: (row) => open(row) && row.timeStatus !== TIME_STATUS.ended,
        onClick: (row) => closeCampaign(row),
      },
      { key: 'delete', label: t('crud:delete'), code: permissionCode(giftActivityEntity, 'delete'), danger: true, confirm: t('crud:confirmDelete'), onClick: (row) => list.remove(String(row.id)) },
    ],
  });

  const base = entityColumns<Row>(giftActivityEntity, t).filter((column) => column.key !== 'status');
  const columns: TableColumnType<Row>[] = [
    ...base,
    {
      key: 'timeStatus',
      title: t('giftActivity.fields.timeStatus'),
      // The time-status dictionary holds all four (已关闭 included), each with its colour.
      render: (_value: unknown, row: Row) => <DictValue dict={CAMPAIGN_TIME_STATUS_DICT} value={state(row)} testId="campaign-status" />,
    },
    { key: 'rulesSummary', title: t('giftActivity.rulesSummary'), className: WRAP_CELL, render: (_value: unknown, row: Row) => <Typography.Text>{row.rulesSummary ?? ''}</Typography.Text> },
    ...(actionsColumn === null ? [] : [actionsColumn]),
  ];

  return (
    <Card title={t('giftActivity.title')}>
      <StatusTabs entity={giftActivityEntity} tabs={TABS} active={tab.active} onChange={tab.select} />
      <SearchForm name="search" entity={giftActivityEntity} formProps={list.searchFormProps} onReset={list.reset} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {gates.add.visible ? <CreateButton entity={giftActivityEntity} onClick={() => setModal({ mode: 'create' })} /> : null}
        {gates.exportXls.visible ? <ExportButton list={list} /> : null}
      </Space>
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<Row> {...list.tableProps} columns={columns} />
      <CampaignFormModal entity={giftActivityEntity} state={modalState} onClose={() => setModal(null)} onSaved={() => setModal(null)} />
      <CampaignDealDrawer campaign={dealing} onClose={() => setDealing(null)} onCloseCampaign={closeCampaign} closing={close.running} />
    </Card>
  );
}
