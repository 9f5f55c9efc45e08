import { useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_API, type MyAnnouncement } from '../../../src/contracts/announcements';
import { DEFAULT_PAGE_SIZE } from '../../../src/contracts/constants';
import { AnnouncementModal } from '../../../src/shell/notice';
import { ListTable, useEntityAction, useListPagination } from '../../../src/toolkit/crud';
import { PRIORITY_COLORS, PRIORITY_OPTIONS } from '../components/labels';
import { MY_ANNOUNCEMENTS_RESOURCE } from '../entities';

interface Filters {
  titile?: string;
  readFlag?: '0' | '1';
  priority?: string;
}

function toFilters(values: Filters): CrudFilters {
  return [
    { field: 'titile', operator: 'contains', value: values.titile },
    { field: 'readFlag', operator: 'eq', value: values.readFlag },
    { field: 'priority', operator: 'eq', value: values.priority },
  ];
}

/**
 * 我的消息: the caller's announcements with filters, read state, mark all read, opened in the modal.
 * A Refine list: 发布/撤销 made on 通告管理 (another tab) invalidate it, so it refreshes itself.
 */
export default function MyAnnouncements() {
  const { t } = useTranslation('announcements');
  const [current, setCurrent] = useState<MyAnnouncement | null>(null);
  const paging = useListPagination();
  const { tableProps, searchFormProps, tableQuery, filters, setFilters } = useTable<MyAnnouncement, never, Filters>({
    resource: MY_ANNOUNCEMENTS_RESOURCE,
    meta: { listUrl: ANNOUNCEMENT_API.mySends },
    pagination: { pageSize: DEFAULT_PAGE_SIZE, mode: 'server' },
    syncWithLocation: false,
    filters: { defaultBehavior: 'replace' },
    onSearch: toFilters,
  });
  const reading = useEntityAction({ invalidates: [MY_ANNOUNCEMENTS_RESOURCE] });
  const markRead = useEntityAction({ invalidates: [MY_ANNOUNCEMENTS_RESOURCE], silent: true });

  const open = (record: MyAnnouncement) => {
    setCurrent(record);
    if (record.readFlag === '0') void markRead.run({ url: ANNOUNCEMENT_API.markRead, method: 'put', values: { anntId: record.anntId } });
  };

  return (
    <Card title={t('my.title')}>
      <Form
        {...searchFormProps}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) => {
          // 查询 with unchanged filters still asks the server.
          if (JSON.stringify(toFilters(values)) === JSON.stringify(filters)) void tableQuery.refetch();
          searchFormProps.onFinish?.(values);
        }}
      >
        <Form.Item name="titile" label={t('fields.titile')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="readFlag" label={t('fields.readFlag')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('my.all')} options={(['0', '1'] as const).map((value) => ({ value, label: t(`readFlag.${value}`) }))} />
        </Form.Item>
        <Form.Item name="priority" label={t('fields.priority')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('my.all')} options={PRIORITY_OPTIONS.map((value) => ({ value, label: t(`priority.${value}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('my.search')}
          </Button>
          <Button
            onClick={() => {
              searchFormProps.form?.resetFields();
              setFilters([], 'replace');
            }}
          >
            {t('my.reset')}
          </Button>
          <Button loading={reading.running} onClick={() => void reading.run({ url: ANNOUNCEMENT_API.readAll, method: 'put' })}>
            {t('my.readAll')}
          </Button>
        </Space>
      </Form>
      <ListTable<MyAnnouncement>
        {...tableProps}
        rowKey="id"
        size="middle"
        pagination={{ ...tableProps.pagination, ...paging }}
        columns={[
          { dataIndex: 'titile', title: t('fields.titile') },
          { dataIndex: 'msgCategory', title: t('fields.msgCategory'), render: (value: string) => t(`category.${value}`) },
          { dataIndex: 'sender', title: t('fields.sender') },
          { dataIndex: 'sendTime', title: t('fields.sendTime') },
          {
            dataIndex: 'priority',
            title: t('fields.priority'),
            render: (value: MyAnnouncement['priority']) => <Tag color={PRIORITY_COLORS[value]}>{t(`priority.${value}`)}</Tag>,
          },
          {
            dataIndex: 'readFlag',
            title: t('fields.readFlag'),
            render: (value: MyAnnouncement['readFlag']) => <Tag color={value === '1' ? 'default' : 'blue'}>{t(`readFlag.${value}`)}</Tag>,
          },
          {
            key: 'actions',
            title: t('admin.actions'),
            render: (_, record) => (
              <Button type="link" size="small" onClick={() => open(record)}>
                {t('my.view')}
              </Button>
            ),
          },
        ]}
      />
      <AnnouncementModal announcement={current} onClose={() => setCurrent(null)} />
    </Card>
  );
}
