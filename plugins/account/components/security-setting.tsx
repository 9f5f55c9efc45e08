import { Button, List, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../src/app/use-session';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../src/toolkit/crud';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type AccountProfile, type AccountSession } from '../contracts';
import { timeText } from './format';
import { PhoneModal } from './phone-modal';

const PasswordModal = lazy(() => import('../../../src/shell/dialogs/password-modal').then((module) => ({ default: module.PasswordModal })));

function Sessions() {
  const { t } = useTranslation('account');
  const sessions = useCustomRead<AccountSession[]>({ url: ACCOUNT_API.sessions }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const revoke = useEntityAction({ invalidates: [ACCOUNT_RESOURCE] });
  const columns: TableColumnsType<AccountSession> = [
    { title: t('security.sessionCreated'), dataIndex: 'createdAt', render: (value: string) => timeText(value), width: 170 },
    { title: t('security.sessionLastSeen'), dataIndex: 'lastSeenAt', render: (value: string) => timeText(value), width: 170 },
    { title: t('security.sessionIp'), dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? t('center.none') },
    { title: t('security.sessionExpires'), dataIndex: 'expiresAt', render: (value: string) => timeText(value), width: 170 },
    {
      title: t('security.sessionAction'),
      key: 'action',
      width: 110,
      render: (_, row) =>
        row.current ? (
          <Tag color="green">{t('security.currentSession')}</Tag>
        ) : (
          <Popconfirm title={t('security.revokeConfirm')} onConfirm={() => revoke.run({ url: `${ACCOUNT_API.sessions}/${row.id}`, method: 'delete' })} okText={t('ok')} cancelText={t('cancel')}>
            <Button type="link" size="small" danger>
              {t('security.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <>
      <LoadErrorAlert error={sessions.error} onRetry={sessions.retry} style={{ marginBottom: 12 }} />
      <Table<AccountSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions.value ?? []}
        loading={sessions.loading || revoke.running}
        pagination={false}
        scroll={{ x: 700 }}
        data-testid="account-sessions"
      />
    </>
  );
}

/** 安全设置: 账户密码 (the shell's password dialog), 密保手机 (SMS to the new number), and the open sessions. */
export function SecuritySetting() {
  const { t } = useTranslation('account');
  const user = useUserInfo();
  const profile = useCustomRead<AccountProfile>({ url: ACCOUNT_API.profile }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null);
  const [passwordUsed, setPasswordUsed] = useState(false);
  const phone = profile.value?.phone ?? null;

  return (
    <>
      <LoadErrorAlert error={profile.error} onRetry={profile.retry} style={{ marginBottom: 12 }} />
      <List itemLayout="horizontal">
        <List.Item
          actions={[
            <Button
              key="password"
              type="link"
              onClick={() => {
                setPasswordUsed(true);
                setDialog('password');
              }}
            >
              {t('security.change')}
            </Button>,
          ]}
        >
          <List.Item.Meta title={t('security.password')} description={t('security.passwordHint')} />
        </List.Item>
        <List.Item
          actions={[
            <Button key="phone" type="link" onClick={() => setDialog('phone')} disabled={profile.value === undefined}>
              {phone === null ? t('security.bind') : t('security.change')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={t('security.phone')}
            description={profile.value === undefined ? <Skeleton.Input active size="small" /> : phone === null ? t('security.noPhone') : t('security.phoneBound', { phone })}
          />
        </List.Item>
      </List>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('security.sessions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('security.sessionsHint')}</Typography.Paragraph>
      <Sessions />
      <PhoneModal open={dialog === 'phone'} currentPhone={phone} onClose={() => setDialog(null)} onChanged={() => profile.retry()} />
      <Suspense fallback={null}>
        {passwordUsed && <PasswordModal open={dialog === 'password'} username={user?.username ?? ''} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
