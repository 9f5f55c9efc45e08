import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space, Table, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert, useCustomRead, useRowActionsColumn, SearchButtons } from '../../../src/toolkit/crud';
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

const TYPE_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'purple' };

/** 表单开发 (`modules/online/cgform/OnlCgformHeadList`): the form definitions, their designer, synchronisation, enhancements and sync log. */
export default function CgformHeadList() {
  const { t } = useTranslation('online');
  const navigate = useNavigate();
  const addAccess = useAccess(CGFORM_PERMS.add);
  const [search] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<HeadRow | null>(null);
  const [enhancing, setEnhancing] = useState<HeadRow | null>(null);
  const [logOf, setLogOf] = useState<HeadRow | null>(null);
  const [removing, setRemoving] = useState<HeadRow | null>(null);
  // Keyed among the head resource's lists: a save, sync or delete (which invalidate it) refreshes the page.
  const list = useCustomRead<HeadPage>({ url: CGFORM_API.headList, query: { pageNo: page.current, pageSize: page.size, ...filters } }, { failure: t('cgform.loadFailed'), family: CGFORM_HEAD_RESOURCE });

  const applySearch = (values: Filters) => {
    setFilters({ ...(values.tableName?.trim() ? { tableName: values.tableName.trim() } : {}), ...(values.tableTxt?.trim() ? { tableTxt: values.tableTxt.trim() } : {}) });
    setPage((current) => ({ ...current, current: 1 }));
  };

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
    { key: 'tableName', dataIndex: 'tableName', title: t('head2.tableName'), width: 220 },
    { key: 'tableTxt', dataIndex: 'tableTxt', title: t('head2.tableTxt'), width: 200 },
    { key: 'tableType', dataIndex: 'tableType', title: t('head2.tableType'), width: 110, render: (type: number) => <Tag color={TYPE_COLORS[type]}>{t(`tableType.${type}`)}</Tag> },
    {
      key: 'isDbSynch',
      dataIndex: 'isDbSynch',
      title: t('head2.isDbSynch'),
      width: 110,
      render: (synced: string) => (synced === 'Y' ? <Tag color="green">{t('head2.synced')}</Tag> : <Tag color="orange">{t('head2.notSynced')}</Tag>),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('head2.createTime'), width: 180, render: (time?: string) => formatShopTime(time) },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Form form={search} name="cgform_search" layout="inline" onFinish={applySearch}>
          <Form.Item name="tableName" label={t('head2.tableName')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="tableTxt" label={t('head2.tableTxt')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <SearchButtons
            onReset={() => {
              search.resetFields();
              applySearch({});
            }}
          />
        </Form>
      </Card>
      <Card
        title={t('cgform.title')}
        extra={
          addAccess.visible && (
            <Button type="primary" icon={<PlusOutlined />} disabled={addAccess.disabled} onClick={() => setEditing('new')} data-testid="cgform-add">
              {t('cgform.add')}
            </Button>
          )
        }
      >
        {list.error !== null ? (
          <LoadErrorAlert error={t('cgform.loadFailed')} description={list.error} onRetry={list.retry} />
        ) : (
          <Table<HeadRow>
            rowKey="id"
            loading={list.loading}
            dataSource={list.value?.records ?? []}
            locale={{ emptyText: t('cgform.empty') }}
            scroll={{ x: 'max-content' }}
            data-testid="cgform-heads"
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: list.value?.total ?? 0,
              showSizeChanger: true,
              onChange: (current, size) => setPage({ current, size }),
            }}
            columns={columns}
          />
        )}
      </Card>
      <CgformDesigner target={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      <CgformSyncDialog head={syncing} onClose={() => setSyncing(null)} />
      <CgformEnhanceDialog head={enhancing} onClose={() => setEnhancing(null)} />
      <CgformSyncLog head={logOf} onClose={() => setLogOf(null)} />
      <CgformDeleteDialog head={removing} onClose={() => setRemoving(null)} />
    </Space>
  );
}
