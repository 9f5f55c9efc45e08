import { PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Modal, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, RemoteSelect, useCustomRead, useEntityAction, useFormAction, type RemoteRow } from '../../../../src/toolkit/crud';
import { GatedButton } from '../../../../src/toolkit/crud/list-toolbar';
import { useAccess } from '../../../../src/toolkit/permission';
import { TENANT_PERMISSIONS, type TenantRecord, type TenantUser } from '../entities';

/** The resource name the drawer's reads are kept under, so adding and removing refresh them. */
export const TENANT_USERS_FAMILY = 'tenant_users';
export const TENANT_USER_CALLS = {
  list: '/sys/tenant/userList',
  add: '/sys/tenant/addUsers',
  remove: '/sys/tenant/removeUsers',
  users: '/sys/user/list',
} as const;
const PAGE_SIZE = 10;

interface UserPage {
  records: TenantUser[];
  total: number;
}

const userSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { username: `*${keyword}*` });

/** 添加用户: pick users (the users list, searched by account) and add them to the tenant. */
function AddUsersModal({ tenant, open, onClose }: { tenant: TenantRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sysTenant');
  const [form] = Form.useForm<{ userIds: string[] }>();
  const userLabel = useCallback((row: RemoteRow) => t('users.option', { realname: String(row.realname ?? ''), username: String(row.username ?? '') }), [t]);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const { submit, saving } = useFormAction<{ userIds: string[] }>(form, {
    invalidates: [TENANT_USERS_FAMILY],
    request: (values) => ({ url: TENANT_USER_CALLS.add, method: 'post', values: { tenantId: tenant.id, userIds: values.userIds } }),
    onDone: close,
  });
  return (
    <Modal
      open={open}
      title={t('users.addTitle', { name: tenant.name ?? '' })}
      okText={t('users.ok')}
      cancelText={t('users.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="tenantAddUsers" onFinish={() => void submit()}>
        <Form.Item name="userIds" label={t('users.pick')} rules={[{ required: true, type: 'array', min: 1, message: t('users.pickRequired') }]}>
          <RemoteSelect mode="multiple" url={TENANT_USER_CALLS.users} search={userSearch} label={userLabel} placeholder={t('users.pickPlaceholder')} aria-label={t('users.pick')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TenantUsers({ tenant }: { tenant: TenantRecord }) {
  const { t } = useTranslation('sysTenant');
  const [pageNo, setPageNo] = useState(1);
  const [adding, setAdding] = useState(false);
  const access = useAccess(TENANT_PERMISSIONS.user);
  const read = useCustomRead<UserPage>(
    { url: TENANT_USER_CALLS.list, query: { tenantId: tenant.id, pageNo, pageSize: PAGE_SIZE } },
    { failure: t('users.loadError'), family: TENANT_USERS_FAMILY },
  );
  const { run, running } = useEntityAction({ invalidates: [TENANT_USERS_FAMILY] });
  const remove = async (user: TenantUser) => {
    const done = await run({ url: TENANT_USER_CALLS.remove, method: 'post', values: { tenantId: tenant.id, userIds: [user.id] } });
    // The last row of a later page gone: show the page before.
    if (done !== undefined && pageNo > 1 && read.value?.records.length === 1) setPageNo(pageNo - 1);
  };

  const columns: TableColumnType<TenantUser>[] = [
    { key: 'username', dataIndex: 'username', title: t('users.username') },
    { key: 'realname', dataIndex: 'realname', title: t('users.realname') },
    { key: 'phone', dataIndex: 'phone', title: t('users.phone') },
  ];
  if (access.visible) {
    columns.push({
      key: 'actions',
      title: t('users.actions'),
      width: 100,
      render: (_value: unknown, user: TenantUser) => (
        <Popconfirm
          title={t('users.confirmRemove', { name: user.realname || user.username })}
          okText={t('users.ok')}
          cancelText={t('users.cancel')}
          onConfirm={() => remove(user)}
          disabled={access.disabled}
        >
          <Button type="link" size="small" danger disabled={access.disabled || running}>
            {t('users.remove')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <GatedButton access={access}>
        {(disabled) => (
          <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        )}
      </GatedButton>
      <LoadErrorAlert error={read.error} onRetry={read.retry} />
      <Table<TenantUser>
        rowKey="id"
        size="middle"
        loading={read.loading}
        columns={columns}
        dataSource={read.value?.records ?? []}
        locale={{ emptyText: t('users.empty') }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: read.value?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('users.total', { total }),
          onChange: setPageNo,
        }}
      />
      <AddUsersModal tenant={tenant} open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}

/** 用户 of a tenant row: its members, 添加用户 and 移除 (each under `system:tenant:user`). */
export function TenantUsersDrawer({ tenant, onClose }: { tenant: TenantRecord | null; onClose: () => void }) {
  const { t } = useTranslation('sysTenant');
  return (
    <Drawer open={tenant !== null} onClose={onClose} width={720} title={tenant === null ? '' : t('users.title', { name: tenant.name ?? '' })} destroyOnHidden>
      {tenant !== null ? <TenantUsers key={tenant.id} tenant={tenant} /> : null}
    </Drawer>
  );
}
