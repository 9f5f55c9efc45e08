import { Checkbox, Empty, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '../../../../src/contracts/envelope';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../../src/toolkit/crud';
import { DEPART_API, type DepartRoleRecord, type DepartRoleUser } from '../entities';

/** The most roles one department is expected to hold (the server's largest page). */
const ROLE_PAGE_SIZE = 1000;

export interface DepartRoleOption {
  id: string;
  roleName: string;
}

/** The user whose department roles are being assigned. */
export interface RoleAssignee {
  id: string;
  name: string;
}

interface RoleChoice {
  roles: DepartRoleOption[];
  held: string[];
}

function roleOptions(page: PageResult<DepartRoleRecord>): DepartRoleOption[] {
  return page.records.flatMap((record) => (typeof record.id === 'string' ? [{ id: record.id, roleName: String(record.roleName ?? '') }] : []));
}

/** The department's roles and those the user holds among them (through the data provider); the first failure is shown. */
function useAssignment(departId: string, userId: string, failure: string) {
  const roles = useCustomRead<PageResult<DepartRoleRecord>>({ url: `${DEPART_API.roleBase}/list`, query: { deptId: departId, pageNo: 1, pageSize: ROLE_PAGE_SIZE } }, { failure });
  const links = useCustomRead<DepartRoleUser[]>({ url: DEPART_API.deptRoleByUser, query: { userId, departId } }, { failure });
  const value = useMemo((): RoleChoice | undefined => {
    if (roles.value === undefined || links.value === undefined) return undefined;
    const options = roleOptions(roles.value);
    const known = new Set(options.map((role) => role.id));
    return { roles: options, held: links.value.map((link) => link.droleId).filter((id) => known.has(id)) };
  }, [roles.value, links.value]);
  const loading = roles.loading || links.loading;
  return {
    loading,
    value: loading ? undefined : value,
    error: loading ? null : (roles.error ?? links.error),
    retry: () => {
      if (roles.error !== null) roles.retry();
      if (links.error !== null) links.retry();
    },
  };
}

export interface DepartUserRolesModalProps {
  departId: string;
  user: RoleAssignee;
  onClose: () => void;
}

/**
 * 分配角色: the department's roles as checkboxes, pre-checked with those the user holds. Rendered
 * only while open, so every opening reads the links afresh.
 */
export function DepartUserRolesModal({ departId, user, onClose }: DepartUserRolesModalProps) {
  const { t } = useTranslation('sysDepart');
  const userId = user.id;
  const choice = useAssignment(departId, userId, t('userRoles.loadError'));
  // What the user ticked; until then the roles held.
  const [ticked, setChecked] = useState<string[] | null>(null);
  const checked = ticked ?? choice.value?.held ?? [];
  const { run, running: saving } = useEntityAction({ invalidates: [] });
  // The server adds the checked roles the user lacks and removes the unchecked ones held before.
  const save = async () => {
    const values = { userId, newRoleId: checked.join(','), oldRoleId: (choice.value?.held ?? []).join(',') };
    if ((await run({ url: DEPART_API.deptRoleUserAdd, method: 'post', values })) !== undefined) onClose();
  };

  const body = () => {
    if (choice.loading) return <Spin />;
    if (choice.value === undefined) return <LoadErrorAlert error={choice.error} onRetry={choice.retry} />;
    if (choice.value.roles.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userRoles.empty')} />;
    return (
      <Checkbox.Group
        aria-label={t('userRoles.label')}
        className="depart-user-roles"
        value={checked}
        onChange={(values) => setChecked(values.map(String))}
        options={choice.value.roles.map((role) => ({ label: role.roleName, value: role.id }))}
      />
    );
  };

  return (
    <Modal
      open
      title={t('userRoles.title', { name: user.name })}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      okButtonProps={{ disabled: !choice.value?.roles.length }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {body()}
    </Modal>
  );
}
