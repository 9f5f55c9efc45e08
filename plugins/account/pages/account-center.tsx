import { MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Empty, Row, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_API, type MyAnnouncement } from '../../../src/contracts/announcements';
import type { PageResult } from '../../../src/contracts/envelope';
import { LoadErrorAlert, useCustomRead } from '../../../src/toolkit/crud';
import { StoredImage } from '../../../src/toolkit/upload';
import { timeText } from '../components/format';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type AccountProfile, type LoginPage, type LoginRecord } from '../contracts';

const RECENT = 20;

function ProfileCard() {
  const { t } = useTranslation('account');
  const profile = useCustomRead<AccountProfile>({ url: ACCOUNT_API.profile }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const user = profile.value;
  const none = <Typography.Text type="secondary">{t('center.none')}</Typography.Text>;
  return (
    <Card data-testid="account-card">
      <LoadErrorAlert error={profile.error} onRetry={profile.retry} />
      {profile.loading && <Skeleton active avatar />}
      {user !== undefined && (
        <>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <StoredImage value={user.avatar} alt={t('center.avatarOf', { name: user.realname })} size={96} shape="avatar" fallback={<UserOutlined />} />
            <Typography.Title level={4} style={{ margin: '12px 0 0' }} data-testid="account-realname">
              {user.realname}
            </Typography.Title>
            <Typography.Text type="secondary">{user.username}</Typography.Text>
          </div>
          <Descriptions column={1} size="small" colon>
            <Descriptions.Item label={t('center.departs')}>{user.departs.length === 0 ? none : user.departs.map((name) => <Tag key={name}>{name}</Tag>)}</Descriptions.Item>
            <Descriptions.Item label={t('center.roles')}>{user.roles.length === 0 ? none : user.roles.map((name) => <Tag key={name} color="blue">{name}</Tag>)}</Descriptions.Item>
            <Descriptions.Item label={<PhoneOutlined aria-label={t('fields.phone')} />}>{user.phone ?? none}</Descriptions.Item>
            <Descriptions.Item label={<MailOutlined aria-label={t('fields.email')} />}>{user.email ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('center.lastLogin')}>
              {user.lastLogin === null ? none : `${timeText(user.lastLogin.time)}${user.lastLogin.ip ? ` (${user.lastLogin.ip})` : ''}`}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}

function LoginRecords() {
  const { t } = useTranslation('account');
  const logins = useCustomRead<LoginPage>({ url: ACCOUNT_API.logins, query: { pageSize: RECENT } }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const columns: TableColumnsType<LoginRecord> = [
    { title: t('logins.time'), dataIndex: 'time', render: (value: string) => timeText(value), width: 180 },
    { title: t('logins.ip'), dataIndex: 'ip', width: 160 },
    {
      title: t('logins.result'),
      dataIndex: 'success',
      width: 100,
      render: (success: boolean) => <Tag color={success ? 'success' : 'error'}>{success ? t('logins.succeeded') : t('logins.failed')}</Tag>,
    },
    { title: t('logins.content'), dataIndex: 'content', ellipsis: true },
  ];
  return (
    <>
      <LoadErrorAlert error={logins.error} onRetry={logins.retry} style={{ marginBottom: 12 }} />
      <Table<LoginRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={logins.value?.records ?? []}
        loading={logins.loading}
        pagination={false}
        scroll={{ x: 600 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logins.empty')} /> }}
        footer={logins.value && logins.value.total > logins.value.records.length ? () => t('logins.more', { shown: logins.value?.records.length ?? 0, total: logins.value?.total ?? 0 }) : undefined}
        data-testid="account-logins"
      />
    </>
  );
}

function MyMessages() {
  const { t } = useTranslation('account');
  const messages = useCustomRead<PageResult<MyAnnouncement>>({ url: ANNOUNCEMENT_API.mySends, query: { pageNo: 1, pageSize: RECENT } }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const columns: TableColumnsType<MyAnnouncement> = [
    { title: t('messages.title'), dataIndex: 'titile', ellipsis: true },
    { title: t('messages.category'), dataIndex: 'msgCategory', width: 110, render: (value: string) => t(`messages.categories.${value === '2' ? 'system' : 'notice'}`) },
    { title: t('messages.sender'), dataIndex: 'sender', width: 120 },
    { title: t('messages.sendTime'), dataIndex: 'sendTime', width: 180, render: (value: string | null) => timeText(value) },
    {
      title: t('messages.readState'),
      dataIndex: 'readFlag',
      width: 90,
      render: (flag: string) => <Tag color={flag === '1' ? 'default' : 'orange'}>{flag === '1' ? t('messages.read') : t('messages.unread')}</Tag>,
    },
  ];
  return (
    <>
      <LoadErrorAlert error={messages.error} onRetry={messages.retry} style={{ marginBottom: 12 }} />
      <Table<MyAnnouncement>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={messages.value?.records ?? []}
        loading={messages.loading}
        pagination={false}
        scroll={{ x: 600 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} /> }}
      />
    </>
  );
}

/** 个人中心: the signed-in user's card, their recent logins and their messages. */
export default function AccountCenterPage() {
  const { t } = useTranslation('account');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              { key: 'logins', label: t('center.logins'), children: <LoginRecords /> },
              { key: 'messages', label: t('center.messages'), children: <MyMessages /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
