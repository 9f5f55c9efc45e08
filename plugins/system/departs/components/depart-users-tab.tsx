import { Alert, Button, Table, type TableColumnType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { DEPART_PERMISSIONS } from '../entities';
import { loadDepartUsers, type DepartUser } from './depart-api';
import { DepartUserRolesModal, type RoleAssignee } from './depart-user-roles-modal';

/** The answer for one department (a different department means it is still loading). */
type Loaded = { departId: string } & ({ status: 'error'; message: string } | { status: 'ready'; users: DepartUser[] });

/**
 * 用户: who belongs to the department (users join departments on the users screen), and 分配角色 to
 * give one of them the department's roles.
 */
export function DepartUsersTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [assignee, setAssignee] = useState<RoleAssignee | null>(null);
  const assignGate = accessOf(DEPART_PERMISSIONS.roleUserAdd);
  const state = loaded !== null && loaded.departId === departId ? loaded : { status: 'loading' as const };

  useEffect(() => {
    let alive = true;
    loadDepartUsers(departId)
      .then((answer) => {
        if (alive) setLoaded(answer.success ? { departId, status: 'ready', users: answer.result } : { departId, status: 'error', message: answer.message });
      })
      .catch(() => {
        if (alive) setLoaded({ departId, status: 'error', message: t('users.loadError') });
      });
    return () => {
      alive = false;
    };
  }, [departId, t]);

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
  if (state.status === 'error') return <Alert type="error" showIcon message={state.message} />;
  return (
    <>
      <Table<DepartUser>
      rowKey="id"
      size="middle"
      loading={state.status === 'loading'}
      columns={columns}
      dataSource={state.status === 'ready' ? state.users : []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('users.empty') }}
      />
      {assignee !== null ? <DepartUserRolesModal departId={departId} user={assignee} onClose={() => setAssignee(null)} /> : null}
    </>
  );
}
