import { Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult, PageResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
import { LoadErrorAlert, useKeyedLoad, useSaveAction, type LoadOutcome } from '../../../../src/toolkit/crud';
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

/** The department's roles and those the user holds among them; the first failure is shown. */
async function loadAssignment(departId: string, userId: string): Promise<LoadOutcome<RoleChoice>> {
  const [roles, held] = await Promise.all([
    http.get<PageResult<DepartRoleRecord>>(`${DEPART_API.roleBase}/list`, { deptId: departId, pageNo: 1, pageSize: ROLE_PAGE_SIZE }),
    http.get<DepartRoleUser[]>(DEPART_API.deptRoleByUser, { userId, departId }),
  ]);
  if (!roles.success) return { ok: false, error: roles.message };
  if (!held.success) return { ok: false, error: held.message };
  const options = roleOptions(roles.result);
  const known = new Set(options.map((role) => role.id));
  return { ok: true, value: { roles: options, held: held.result.map((link) => link.droleId).filter((id) => known.has(id)) } };
}

/** The server adds the checked roles the user lacks and removes the unchecked ones held before. */
export function saveUserDepartRoles(userId: string, checked: readonly string[], held: readonly string[]): Promise<ApiResult<null>> {
  return http.post<null>(DEPART_API.deptRoleUserAdd, { userId, newRoleId: checked.join(','), oldRoleId: held.join(',') });
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
  const [checked, setChecked] = useState<string[]>([]);
  const choice = useKeyedLoad(`${departId}:${userId}`, () => loadAssignment(departId, userId), {
    failure: t('userRoles.loadError'),
    onLoaded: (loaded) => setChecked(loaded.held),
  });
  const { run: save, saving } = useSaveAction({
    save: () => saveUserDepartRoles(userId, checked, choice.value?.held ?? []),
    onSaved: onClose,
  });

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
