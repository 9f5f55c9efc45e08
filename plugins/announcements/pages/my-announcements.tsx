import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../src/contracts/constants';
import { ANNOUNCEMENT_API, type MyAnnouncement } from '../../../src/contracts/announcements';
import type { PageResult } from '../../../src/contracts/envelope';
import { http } from '../../../src/providers/http';
import { AnnouncementModal } from '../../../src/shell/notice';
import { PRIORITY_COLORS, PRIORITY_OPTIONS } from '../components/labels';

interface Filters {
  titile?: string;
  readFlag?: '0' | '1';
  priority?: string;
}

/** 我的消息: the caller's announcements with filters, read state, mark all read, opened in the modal. */
export default function MyAnnouncements() {
  const { t } = useTranslation('announcements');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<PageResult<MyAnnouncement> | null>(null);
  const [version, setVersion] = useState(0);
  const [current, setCurrent] = useState<MyAnnouncement | null>(null);
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let alive = true;
    const query = { pageNo: page.current, pageSize: page.pageSize, ...filters, titile: filters.titile ? `*${filters.titile}*` : undefined };
    http
      .get<PageResult<MyAnnouncement>>(ANNOUNCEMENT_API.mySends, query)
      .then((answer) => {
        if (alive && answer.success) setData(answer.result);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [page, filters, version]);

  const open = (record: MyAnnouncement) => {
    setCurrent(record);
    if (record.readFlag === '0') void http.put(ANNOUNCEMENT_API.markRead, { anntId: record.anntId }).then(reload, () => undefined);
  };

  const readAll = () => void http.put(ANNOUNCEMENT_API.readAll).then(reload, () => undefined);

  return (
    <Card title={t('my.title')}>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(values);
          setPage((value) => ({ ...value, current: 1 }));
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
              form.resetFields();
              setFilters({});
            }}
          >
            {t('my.reset')}
          </Button>
          <Button onClick={readAll}>{t('my.readAll')}</Button>
        </Space>
      </Form>
      <Table<MyAnnouncement>
        rowKey="id"
        size="middle"
        loading={data === null}
        dataSource={data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
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
