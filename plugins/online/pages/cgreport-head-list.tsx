import { DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert, useCustomCall, useCustomRead, useServerFeedback, SearchButtons } from '../../../src/toolkit/crud';
import { useAccessMap } from '../../../src/toolkit/permission';
import { CGREPORT_API, CGREPORT_PERMS, reportPath, type ReportHeadRow } from '../cgreport-api';
import { ReportEditor } from '../components/report-editor';
import { ReportTablesModal } from '../components/report-tables-modal';
import { formatShopTime } from '../../../src/toolkit/utils';

interface HeadPage {
  records: ReportHeadRow[];
  total: number;
}

/** 报表配置 (`modules/online/cgreport/OnlCgreportHeadList`): the report definitions, their editor and the allowed tables. */
export default function CgreportHeadList() {
  const { t } = useTranslation('online');
  const navigate = useNavigate();
  const feedback = useServerFeedback();
  const callApi = useCustomCall();
  const access = useAccessMap({ add: CGREPORT_PERMS.add, edit: CGREPORT_PERMS.edit, remove: CGREPORT_PERMS.remove, run: CGREPORT_PERMS.run, list: CGREPORT_PERMS.list });
  const [search] = Form.useForm<{ code?: string; name?: string }>();
  const [filters, setFilters] = useState<{ code?: string; name?: string }>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [tablesOpen, setTablesOpen] = useState(false);
  const list = useCustomRead<HeadPage>({ url: CGREPORT_API.list, query: { pageNo: page.current, pageSize: page.size, ...filters } }, { failure: t('head.loadFailed') });

  const remove = async (row: ReportHeadRow) => {
    try {
      feedback.succeeded(await callApi({ url: CGREPORT_API.remove, method: 'delete', query: { id: row.id } }), t('head.deleted'));
      list.retry();
    } catch (error) {
      feedback.failed(error);
    }
  };

  const applySearch = (values: { code?: string; name?: string }) => {
    setFilters({ ...(values.code?.trim() ? { code: values.code.trim() } : {}), ...(values.name?.trim() ? { name: values.name.trim() } : {}) });
    setPage((current) => ({ ...current, current: 1 }));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Form form={search} name="cgreport_search" layout="inline" onFinish={applySearch}>
          <Form.Item name="code" label={t('head.code')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('head.name')}>
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
        title={t('head.title')}
        extra={
          <Space>
            {access.add.visible && (
              <Button type="primary" icon={<PlusOutlined />} disabled={access.add.disabled} onClick={() => setEditing('new')} data-testid="cgreport-add">
                {t('head.add')}
              </Button>
            )}
            <Button icon={<DatabaseOutlined />} onClick={() => setTablesOpen(true)}>
              {t('head.tables')}
            </Button>
          </Space>
        }
      >
        {list.error !== null ? (
          <LoadErrorAlert error={list.error} onRetry={list.retry} />
        ) : (
          <Table<ReportHeadRow>
            rowKey="id"
            loading={list.loading}
            dataSource={list.value?.records ?? []}
            locale={{ emptyText: t('head.empty') }}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: list.value?.total ?? 0,
              showSizeChanger: true,
              onChange: (current, size) => setPage({ current, size }),
            }}
            columns={[
              { key: 'code', dataIndex: 'code', title: t('head.code'), width: 220 },
              { key: 'name', dataIndex: 'name', title: t('head.name'), width: 220 },
              {
                key: 'cgrSql',
                dataIndex: 'cgrSql',
                title: t('head.sql'),
                ellipsis: true,
                render: (text: string) => <Typography.Text code>{text.replace(/\s+/g, ' ')}</Typography.Text>,
              },
              { key: 'chartType', dataIndex: 'chartType', title: t('head.chart'), width: 100, render: (type: string | null) => (type ? t(`editor.${type}`) : t('head.noChart')) },
              { key: 'createTime', dataIndex: 'createTime', title: t('head.createTime'), width: 180, render: (time: string) => formatShopTime(time) },
              {
                key: 'actions',
                title: t('head.actions'),
                width: 220,
                render: (_, row) => (
                  <Space size={0}>
                    {access.edit.visible && (
                      <Button type="link" disabled={access.edit.disabled} onClick={() => setEditing(row.id)}>
                        {t('head.edit')}
                      </Button>
                    )}
                    <Button type="link" onClick={() => void navigate(reportPath(row.code))}>
                      {t('head.preview')}
                    </Button>
                    {access.remove.visible && (
                      <Popconfirm title={t('head.confirmDelete', { name: row.name })} onConfirm={() => void remove(row)} disabled={access.remove.disabled}>
                        <Button type="link" danger disabled={access.remove.disabled}>
                          {t('head.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <ReportEditor
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.retry();
        }}
      />
      <ReportTablesModal open={tablesOpen} onClose={() => setTablesOpen(false)} />
    </Space>
  );
}
