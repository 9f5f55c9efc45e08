import { Alert, Table, type TableColumnType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadDepartUsers, type DepartUser } from './depart-api';

/** The answer for one department (a different department means it is still loading). */
type Loaded = { departId: string } & ({ status: 'error'; message: string } | { status: 'ready'; users: DepartUser[] });

/** 用户: who belongs to the department (read-only; users are assigned on the users screen). */
export function DepartUsersTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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
  if (state.status === 'error') return <Alert type="error" showIcon message={state.message} />;
  return (
    <Table<DepartUser>
      rowKey="id"
      size="middle"
      loading={state.status === 'loading'}
      columns={columns}
      dataSource={state.status === 'ready' ? state.users : []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('users.empty') }}
    />
  );
}
