import { Alert, App, Checkbox, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult, PageResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
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

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; roles: DepartRoleOption[]; held: string[] };

const LOADING: LoadState = { status: 'loading' };

function roleOptions(page: PageResult<DepartRoleRecord>): DepartRoleOption[] {
  return page.records.flatMap((record) => (typeof record.id === 'string' ? [{ id: record.id, roleName: String(record.roleName ?? '') }] : []));
}

/** The department's roles and those the user holds among them; the first failure is shown. */
async function loadAssignment(departId: string, userId: string): Promise<LoadState> {
  const [roles, held] = await Promise.all([
    http.get<PageResult<DepartRoleRecord>>(`${DEPART_API.roleBase}/list`, { deptId: departId, pageNo: 1, pageSize: ROLE_PAGE_SIZE }),
    http.get<DepartRoleUser[]>(DEPART_API.deptRoleByUser, { userId, departId }),
  ]);
  if (!roles.success) return { status: 'error', message: roles.message };
  if (!held.success) return { status: 'error', message: held.message };
  const options = roleOptions(roles.result);
  const known = new Set(options.map((role) => role.id));
  return { status: 'ready', roles: options, held: held.result.map((link) => link.droleId).filter((id) => known.has(id)) };
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
  const { message } = App.useApp();
  const userId = user.id;
  const [state, setState] = useState<LoadState>(LOADING);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    loadAssignment(departId, userId)
      // The text is chosen at render time: `t` changes identity as namespaces load, and a reload
      // here would wipe what the user already ticked.
      .catch((): LoadState => ({ status: 'error', message: '' }))
      .then((next) => {
        if (!alive) return;
        setState(next);
        if (next.status === 'ready') setChecked(next.held);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [departId, userId]);

  const save = async () => {
    if (state.status !== 'ready') return;
    setSaving(true);
    try {
      const answer = await saveUserDepartRoles(userId, checked, state.held);
      if (answer.success) {
        void message.success(answer.message);
        onClose();
      } else {
        void message.error(answer.message);
      }
    } catch {
      // Presented by the http client.
    } finally {
      setSaving(false);
    }
  };

  const body = () => {
    if (state.status === 'loading') return <Spin />;
    if (state.status === 'error') return <Alert type="error" showIcon message={state.message || t('userRoles.loadError')} />;
    if (state.roles.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userRoles.empty')} />;
    return (
      <Checkbox.Group
        aria-label={t('userRoles.label')}
        className="depart-user-roles"
        value={checked}
        onChange={(values) => setChecked(values.map(String))}
        options={state.roles.map((role) => ({ label: role.roleName, value: role.id }))}
      />
    );
  };

  return (
    <Modal
      open
      title={t('userRoles.title', { name: user.name })}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      okButtonProps={{ disabled: state.status !== 'ready' || state.roles.length === 0 }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {body()}
    </Modal>
  );
}
