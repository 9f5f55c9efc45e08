import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntityDefinition } from '../../../src/contracts/entity';
import { ListTable, LoadErrorAlert, SearchForm, useCustomRead, useListPagination, useRowActionsColumn, useUrlListState } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CGFORM_API, CGFORM_PERMS, cgformListPath, type CgformHead } from '../cgform-api';
import { CgformDeleteDialog } from '../components/cgform-delete-dialog';
import { CGFORM_HEAD_RESOURCE, CgformDesigner } from '../components/cgform-designer';
import { CgformEnhanceDialog } from '../components/cgform-enhance-dialog';
import { CgformSyncDialog } from '../components/cgform-sync-dialog';
import { CgformSyncLog } from '../components/cgform-sync-log';
import { formatShopTime } from '../../../src/toolkit/utils';

type HeadRow = CgformHead & { id: string };

interface HeadPage {
  records: HeadRow[];
  total: number;
}

interface Filters {
  tableName?: string;
  tableTxt?: string;
}

/** What the search form offers (the toolkit's SearchForm reads it); the list itself is read by page below. */
const HEAD_SEARCH: EntityDefinition = {
  table: CGFORM_HEAD_RESOURCE,
  api: '/online/cgform/head',
  permission: 'online:cgform',
  fields: {
    tableName: { type: 'string', label: 'online:head2.tableName', max: 100, search: 'like' },
    tableTxt: { type: 'string', label: 'online:head2.tableTxt', max: 100, search: 'like' },
  },
};

const TYPE_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'purple' };

/** 表单开发 (`modules/online/cgform/OnlCgformHeadList`): the form definitions, their designer, synchronisation, enhancements and sync log. */
export default function CgformHeadList() {
  const { t } = useTranslation('online');
  const navigate = useNavigate();
  const addAccess = useAccess(CGFORM_PERMS.add);
  const [search] = Form.useForm<Filters>();
  const url = useUrlListState(HEAD_SEARCH, search);
  const paging = useListPagination();
  const [editing, setEditing] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<HeadRow | null>(null);
  const [enhancing, setEnhancing] = useState<HeadRow | null>(null);
  const [logOf, setLogOf] = useState<HeadRow | null>(null);
  const [removing, setRemoving] = useState<HeadRow | null>(null);
  // Keyed among the head resource's lists: a save, sync or delete (which invalidate it) refreshes the page.
  const list = useCustomRead<HeadPage>({ url: CGFORM_API.headList, query: { pageNo: url.page, pageSize: url.pageSize, ...url.query } }, { failure: t('cgform.loadFailed'), family: CGFORM_HEAD_RESOURCE });

  const actions = useRowActionsColumn<HeadRow>({
    actions: [
      { key: 'edit', label: t('cgform.edit'), code: CGFORM_PERMS.edit, onClick: (row) => setEditing(row.id) },
      { key: 'sync', label: t('cgform.sync'), code: CGFORM_PERMS.sync, onClick: (row) => setSyncing(row) },
      { key: 'enhance', label: t('cgform.enhance'), code: CGFORM_PERMS.enhance, onClick: (row) => setEnhancing(row) },
      { key: 'syncLog', label: t('cgform.syncLog'), code: CGFORM_PERMS.list, onClick: (row) => setLogOf(row) },
      // A sub table has no list of its own: it is edited inside its main table's form.
      { key: 'test', label: t('cgform.test'), showFor: (row) => row.isDbSynch === 'Y' && row.tableType !== 3, onClick: (row) => void navigate(cgformListPath(row.tableName)) },
      { key: 'remove', label: t('cgform.delete'), code: CGFORM_PERMS.remove, danger: true, onClick: (row) => setRemoving(row) },
    ],
  });

  const columns: TableColumnType<HeadRow>[] = [
    { key: 'tableName', dataIndex: 'tableName', title: t('head2.tableName') },
    { key: 'tableTxt', dataIndex: 'tableTxt', title: t('head2.tableTxt') },
    { key: 'tableType', dataIndex: 'tableType', title: t('head2.tableType'), render: (type: number) => <Tag color={TYPE_COLORS[type]}>{t(`tableType.${type}`)}</Tag> },
    {
      key: 'isDbSynch',
      dataIndex: 'isDbSynch',
      title: t('head2.isDbSynch'),
      render: (synced: string) => (synced === 'Y' ? <Tag color="green">{t('head2.synced')}</Tag> : <Tag color="orange">{t('head2.notSynced')}</Tag>),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('head2.createTime'), render: (time?: string) => formatShopTime(time) },
    ...(actions === null ? [] : [actions]),
  ];

  // The layout of every list (EntityListPage): one card with the search form, the toolbar, a load error, the table.
  return (
    <Card title={t('cgform.title')}>
      <SearchForm name="cgform_search" entity={HEAD_SEARCH} formProps={{ form: search, onFinish: url.search }} onReset={() => url.search({})} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {addAccess.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={addAccess.disabled} onClick={() => setEditing('new')} data-testid="cgform-add">
            {t('cgform.add')}
          </Button>
        ) : null}
      </Space>
      <LoadErrorAlert error={list.error === null ? null : t('cgform.loadFailed')} description={list.error === t('cgform.loadFailed') ? undefined : (list.error ?? undefined)} onRetry={list.retry} style={{ marginBottom: 16 }} />
      <ListTable<HeadRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.value?.records ?? []}
        locale={{ emptyText: t('cgform.empty') }}
        data-testid="cgform-heads"
        pagination={{ ...paging, current: url.page, pageSize: url.pageSize, total: list.value?.total ?? 0, onChange: url.turn }}
        columns={columns}
      />
      <CgformDesigner target={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      <CgformSyncDialog head={syncing} onClose={() => setSyncing(null)} />
      <CgformEnhanceDialog head={enhancing} onClose={() => setEnhancing(null)} />
      <CgformSyncLog head={logOf} onClose={() => setLogOf(null)} />
      <CgformDeleteDialog head={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
