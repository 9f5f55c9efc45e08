import { DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntityDefinition } from '../../../src/contracts/entity';
import { ListTable, LoadErrorAlert, SearchForm, useCustomCall, useCustomRead, useListPagination, useRowActionsColumn, useServerFeedback, useUrlListState, WRAP_CELL } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CGREPORT_API, CGREPORT_PERMS, reportPath, type ReportHeadRow } from '../cgreport-api';
import { ReportEditor } from '../components/report-editor';
import { ReportTablesModal } from '../components/report-tables-modal';
import { formatShopTime } from '../../../src/toolkit/utils';

interface HeadPage {
  records: ReportHeadRow[];
  total: number;
}

/** 报表配置 (`modules/online/cgreport/OnlCgreportHeadList`): the report definitions, their editor and the allowed tables. */
/** What the search form offers (the toolkit's SearchForm reads it); the list itself is read by page below. */
const REPORT_SEARCH: EntityDefinition = {
  table: 'onl_cgreport_head',
  api: '/online/cgreport/head',
  permission: 'online:cgreport',
  fields: {
    code: { type: 'string', label: 'online:head.code', max: 100, search: 'like' },
    name: { type: 'string', label: 'online:head.name', max: 100, search: 'like' },
  },
};

/** 报表配置 (`modules/online/cgreport/OnlCgreportHeadList`): the report definitions, their editor and the allowed tables. */
export default function CgreportHeadList() {
  const { t } = useTranslation('online');
  const navigate = useNavigate();
  const feedback = useServerFeedback();
  const callApi = useCustomCall();
  const addAccess = useAccess(CGREPORT_PERMS.add);
  const [search] = Form.useForm<{ code?: string; name?: string }>();
  const url = useUrlListState(REPORT_SEARCH, search);
  const paging = useListPagination();
  const [editing, setEditing] = useState<string | null>(null);
  const [tablesOpen, setTablesOpen] = useState(false);
  const list = useCustomRead<HeadPage>({ url: CGREPORT_API.list, query: { pageNo: url.page, pageSize: url.pageSize, ...url.query } }, { failure: t('head.loadFailed') });

  const remove = async (row: ReportHeadRow) => {
    try {
      feedback.succeeded(await callApi({ url: CGREPORT_API.remove, method: 'delete', query: { id: row.id } }), t('head.deleted'));
      list.retry();
    } catch (error) {
      feedback.failed(error);
    }
  };

  const actions = useRowActionsColumn<ReportHeadRow>({
    actions: [
      // 功能测试 first: running a report is what the list is opened for most.
      { key: 'preview', label: t('head.preview'), onClick: (row) => void navigate(reportPath(row.code)) },
      { key: 'edit', label: t('head.edit'), code: CGREPORT_PERMS.edit, onClick: (row) => setEditing(row.id) },
      { key: 'remove', label: t('head.delete'), code: CGREPORT_PERMS.remove, danger: true, confirm: (row) => t('head.confirmDelete', { name: row.name }), onClick: (row) => remove(row) },
    ],
  });

  const columns: TableColumnType<ReportHeadRow>[] = [
    { key: 'code', dataIndex: 'code', title: t('head.code') },
    { key: 'name', dataIndex: 'name', title: t('head.name') },
    {
      key: 'cgrSql',
      dataIndex: 'cgrSql',
      title: t('head.sql'),
      className: WRAP_CELL,
      render: (text: string) => {
        const sql = text.replace(/\s+/g, ' ');
        return (
          <div className="list-cell-clamp" title={sql}>
            <Typography.Text code>{sql}</Typography.Text>
          </div>
        );
      },
    },
    { key: 'chartType', dataIndex: 'chartType', title: t('head.chart'), render: (type: string | null) => (type ? t(`editor.${type}`) : t('head.noChart')) },
    { key: 'createTime', dataIndex: 'createTime', title: t('head.createTime'), render: (time: string) => formatShopTime(time) },
    ...(actions === null ? [] : [actions]),
  ];

  // The layout of every list (EntityListPage): one card with the search form, the toolbar, a load error, the table.
  return (
    <Card title={t('head.title')}>
      <SearchForm name="cgreport_search" entity={REPORT_SEARCH} formProps={{ form: search, onFinish: url.search }} onReset={() => url.search({})} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {addAccess.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={addAccess.disabled} onClick={() => setEditing('new')} data-testid="cgreport-add">
            {t('head.add')}
          </Button>
        ) : null}
        <Button icon={<DatabaseOutlined />} onClick={() => setTablesOpen(true)}>
          {t('head.tables')}
        </Button>
      </Space>
      <LoadErrorAlert error={list.error === null ? null : t('head.loadFailed')} description={list.error === t('head.loadFailed') ? undefined : (list.error ?? undefined)} onRetry={list.retry} style={{ marginBottom: 16 }} />
      <ListTable<ReportHeadRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.value?.records ?? []}
        locale={{ emptyText: t('head.empty') }}
        data-testid="cgreport-heads"
        pagination={{ ...paging, current: url.page, pageSize: url.pageSize, total: list.value?.total ?? 0, onChange: url.turn }}
        columns={columns}
      />
      <ReportEditor
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.retry();
        }}
      />
      <ReportTablesModal open={tablesOpen} onClose={() => setTablesOpen(false)} />
    </Card>
  );
}
