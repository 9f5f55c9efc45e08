import { Alert, Button, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { useCustomRead } from '../../../../src/toolkit/crud';
import { DEPART_API, DEPART_PERMISSIONS } from '../entities';
import { departUsersOf, type DepartUser } from './depart-users';
import { DepartUserRolesModal, type RoleAssignee } from './depart-user-roles-modal';

/**
 * 用户: who belongs to the department (users join departments on the users screen), and 分配角色 to
 * give one of them the department's roles.
 */
export function DepartUsersTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const [assignee, setAssignee] = useState<RoleAssignee | null>(null);
  const assignGate = accessOf(DEPART_PERMISSIONS.roleUserAdd);
  const read = useCustomRead<unknown>({ url: DEPART_API.usersOfDepart, query: { id: departId } }, { failure: t('users.loadError') });
  const users = useMemo(() => (read.value === undefined ? [] : departUsersOf(read.value)), [read.value]);

  const columns: TableColumnType<DepartUser>[] = [
    { key: 'username', dataIndex: 'username', title: t('users.username') },
    { key: 'realname', dataIndex: 'realname', title: t('users.realname') },
    { key: 'phone', dataIndex: 'phone', title: t('users.phone') },
    { key: 'email', dataIndex: 'email', title: t('users.email') },
  ];
  if (assignGate.visible) {
    columns.push({
      key: 'actions',
      title: t('users.actions'),
      width: 120,
      render: (_value: unknown, user: DepartUser) => (
        <Button type="link" size="small" disabled={assignGate.disabled} onClick={() => setAssignee({ id: user.id, name: user.realname ?? user.username ?? '' })}>
          {t('users.assignRoles')}
        </Button>
      ),
    });
  }
  if (read.error !== null) return <Alert type="error" showIcon message={read.error} />;
  return (
    <>
      <Table<DepartUser>
      rowKey="id"
      size="middle"
      loading={read.loading}
      columns={columns}
      dataSource={users}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('users.empty') }}
      />
      {assignee !== null ? <DepartUserRolesModal departId={departId} user={assignee} onClose={() => setAssignee(null)} /> : null}
    </>
  );
}
