import { Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EntityListPage, useEntityRecord } from '../../../../src/toolkit/crud';
import { PermissionAssignTree } from '../../roles/components/permission-assign-tree';
import { DEPART_PERMISSIONS, departRoleEntity, type DepartRoleRecord } from '../entities';
import { idParam } from './tree-model';

export const ROLE_AUTH_KEY = 'roleAuth';

/** 部门角色: the department's roles (dialogs kept in the URL) and 授权 of one role. */
export function DepartRolesTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const [searchParams, setSearchParams] = useSearchParams();
  const authorizing = idParam(searchParams.get(ROLE_AUTH_KEY));
  const fixedValues = useMemo(() => ({ departId }), [departId]);

  const setAuthorizing = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id === null) next.delete(ROLE_AUTH_KEY);
    else next.set(ROLE_AUTH_KEY, id);
    setSearchParams(next, { replace: true });
  };

  // The dialog may be reopened from the URL alone: its title needs the role's name.
  const { record: authorizingRole } = useEntityRecord<DepartRoleRecord>(departRoleEntity, authorizing);
  const roleName = authorizingRole?.roleName ?? '';

  return (
    <>
      <EntityListPage<DepartRoleRecord>
        entity={departRoleEntity}
        fixedValues={fixedValues}
        urlPrefix="role"
        card={false}
        without={['import', 'export']}
        rowActions={() => [{ key: 'authorize', label: t('role.authorize'), code: DEPART_PERMISSIONS.roleEdit, onClick: (record) => setAuthorizing(String(record.id)) }]}
      />
      <Modal
        open={authorizing !== null}
        title={t('role.authorizeTitle', { name: roleName })}
        footer={null}
        width={720}
        destroyOnHidden
        onCancel={() => setAuthorizing(null)}
      >
        {authorizing !== null ? (
          <PermissionAssignTree owner={{ kind: 'deptRole', departId, roleId: authorizing }} onSaved={() => setAuthorizing(null)} onCancel={() => setAuthorizing(null)} />
        ) : null}
      </Modal>
    </>
  );
}
