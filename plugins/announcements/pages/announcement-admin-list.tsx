import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../src/contracts/constants';
import { ANNOUNCEMENT_API, type Announcement } from '../../../src/contracts/announcements';
import { hasPermission } from '../../../src/providers/access-control';
import { http } from '../../../src/providers/http';
import { AnnouncementFormModal } from '../components/announcement-form-modal';
import { CATEGORY_OPTIONS, PRIORITY_COLORS, STATUS_COLORS } from '../components/labels';
import { ANNOUNCEMENT_PERMISSIONS, announcementEntity } from '../entities';

interface SearchValues {
  titile?: string;
  msgCategory?: string;
}

/** 通告管理: list, create/edit, release and revoke; live, so a change made elsewhere shows at once. */
export default function AnnouncementAdminList() {
  const { t } = useTranslation('announcements');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ record: Announcement | null } | null>(null);
  const { tableProps, searchFormProps, tableQuery } = useTable<Announcement, never, SearchValues>({
    resource: announcementEntity.table,
    meta: { api: ANNOUNCEMENT_API.base },
    pagination: { pageSize: DEFAULT_PAGE_SIZE, mode: 'server' },
    syncWithLocation: false,
    // A row another staff member changes arrives over the table socket and the list refreshes in place.
    liveMode: 'auto',
    onSearch: (values) => [
      { field: 'titile', operator: 'contains', value: values.titile },
      { field: 'msgCategory', operator: 'eq', value: values.msgCategory },
    ],
  });
  const refresh = () => void tableQuery.refetch();

  const act = async (path: string, id: string) => {
    const answer = await http.get(path, { id });
    if (answer.success) void message.success(answer.message);
    else void message.error(answer.message);
    refresh();
  };
  const remove = async (id: string) => {
    const answer = await http.delete(`${ANNOUNCEMENT_API.base}/delete`, { id });
    if (answer.success) void message.success(answer.message);
    else void message.error(answer.message);
    refresh();
  };

  return (
    <Card title={t('admin.title')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="titile" label={t('fields.titile')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="msgCategory" label={t('fields.msgCategory')}>
          <Select allowClear style={{ width: 140 }} options={CATEGORY_OPTIONS.map((value) => ({ value, label: t(`category.${value}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('my.search')}
          </Button>
          {hasPermission(ANNOUNCEMENT_PERMISSIONS.add) && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
              {t('admin.add')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<Announcement>
        {...tableProps}
        rowKey="id"
        size="middle"
        pagination={{ ...tableProps.pagination, showQuickJumper: true, pageSizeOptions: PAGE_SIZE_OPTIONS.map(String) }}
        columns={[
          { dataIndex: 'titile', title: t('fields.titile') },
          { dataIndex: 'msgCategory', title: t('fields.msgCategory'), render: (value: string) => t(`category.${value}`) },
          {
            dataIndex: 'priority',
            title: t('fields.priority'),
            render: (value: Announcement['priority']) => <Tag color={PRIORITY_COLORS[value]}>{t(`priority.${value}`)}</Tag>,
          },
          { dataIndex: 'msgType', title: t('fields.msgType'), render: (value: string) => t(`recipients.${value}`) },
          { dataIndex: 'sender', title: t('fields.sender') },
          {
            dataIndex: 'sendStatus',
            title: t('fields.sendStatus'),
            render: (value: Announcement['sendStatus'] | null) => {
              const status = value ?? '0';
              return <Tag color={STATUS_COLORS[status]}>{t(`sendStatus.${status}`)}</Tag>;
            },
          },
          { dataIndex: 'sendTime', title: t('fields.sendTime') },
          {
            key: 'actions',
            title: t('admin.actions'),
            render: (_, record) => (
              <Space size="small">
                {record.sendStatus !== '1' && hasPermission(ANNOUNCEMENT_PERMISSIONS.edit) && (
                  <Button type="link" size="small" onClick={() => setEditing({ record })}>
                    {t('admin.edit')}
                  </Button>
                )}
                {record.sendStatus !== '1' && hasPermission(ANNOUNCEMENT_PERMISSIONS.release) && (
                  <Popconfirm title={t('admin.confirmRelease')} onConfirm={() => act(ANNOUNCEMENT_API.release, record.id)}>
                    <Button type="link" size="small">
                      {t('admin.release')}
                    </Button>
                  </Popconfirm>
                )}
                {record.sendStatus === '1' && hasPermission(ANNOUNCEMENT_PERMISSIONS.revoke) && (
                  <Popconfirm title={t('admin.confirmRevoke')} onConfirm={() => act(ANNOUNCEMENT_API.revoke, record.id)}>
                    <Button type="link" size="small">
                      {t('admin.revoke')}
                    </Button>
                  </Popconfirm>
                )}
                {hasPermission(ANNOUNCEMENT_PERMISSIONS.delete) && (
                  <Popconfirm title={t('admin.confirmDelete')} onConfirm={() => remove(record.id)}>
                    <Button type="link" size="small" danger>
                      {t('admin.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AnnouncementFormModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Card>
  );
}
