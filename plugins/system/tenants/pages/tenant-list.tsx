import type { TableColumnType } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../../src/toolkit/crud';
import { TenantUsersDrawer } from '../components/tenant-users-drawer';
import { TENANT_PERMISSIONS, tenantEntity, type TenantRecord } from '../entities';

/**
 * 租户管理 (menu /system/tenant): tenants with their status and validity, searched by name and status;
 * 用户 on a row opens the drawer of the tenant's members. The server refuses deleting or freezing the
 * default tenant and deleting a tenant that still has users or data, with its own message.
 */
export default function TenantListPage() {
  const { t } = useTranslation('sysTenant');
  const [usersOf, setUsersOf] = useState<TenantRecord | null>(null);

  const formRules = useMemo<Record<string, Rule[]>>(
    () => ({
      endDate: [
        ({ getFieldValue }) => ({
          validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
            const begin = getFieldValue('beginDate') as Dayjs | null | undefined;
            if (value && begin && value.isBefore(begin, 'day')) throw new Error(t('rules.endBeforeBegin'));
          },
        }),
      ],
    }),
    [t],
  );

  const extraColumns = useMemo<TableColumnType<TenantRecord>[]>(
    () => [
      { key: 'id', dataIndex: 'id', title: t('fields.id'), width: 110 },
      { key: 'createTime', dataIndex: 'createTime', title: t('fields.createTime'), width: 180, sorter: true },
    ],
    [t],
  );

  return (
    <>
      <EntityListPage<TenantRecord>
        entity={tenantEntity}
        without={['export', 'import']}
        formRules={formRules}
        extraColumns={extraColumns}
        rowActions={() => [{ key: 'users', label: t('users.open'), code: TENANT_PERMISSIONS.user, onClick: (record) => setUsersOf(record) }]}
      />
      <TenantUsersDrawer tenant={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
