import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { permissionCode } from '../../../../src/contracts/entity';
import { useEntityAction, type EntityActionCall, type ListControls, type RowAction } from '../../../../src/toolkit/crud';
import { accessOf } from '../../../../src/providers/access-control';
import { USER_API, USER_PERMISSIONS, USER_STATUS } from '../api';
import { userEntity, type UserRecord } from '../entities';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The users screen's writes beyond add/edit: 冻结/解冻 and 删除 (one or several). */
const userCalls = {
  setStatus: (ids: readonly string[], status: 1 | 2): EntityActionCall => ({ url: USER_API.frozenBatch, method: 'put', values: { ids: ids.join(','), status: String(status) } }),
  remove: (id: string): EntityActionCall => ({ url: USER_API.delete, method: 'delete', query: { id } }),
  removeBatch: (ids: readonly string[]): EntityActionCall => ({ url: USER_API.deleteBatch, method: 'delete', query: { ids: `${ids.join(',')},` } }),
};

/**
 * run and confirm: a call is a Refine custom mutation that shows the server's message and refreshes
 * every users list (the entity's table is its resource); the themed modal confirms.
 */
function useUserCommands(t: TFunction) {
  const { modal } = App.useApp();
  const action = useEntityAction({ invalidates: [userEntity.table] });
  const run = async (call: EntityActionCall, list: ListControls, clearSelection: boolean): Promise<void> => {
    const answer = await action.run(call);
    if (answer !== undefined && clearSelection) list.clearSelection();
  };
  const confirm = (title: string, act: () => Promise<void>): void => {
    modal.confirm({ title, okText: t('ok'), cancelText: t('cancel'), onOk: act });
  };
  return { run, confirm };
}

/** The gates of the screen's own buttons, decided locally like the toolkit's. */
function userGates() {
  return {
    password: accessOf(USER_PERMISSIONS.changePassword),
    frozen: accessOf(USER_PERMISSIONS.frozenBatch),
    remove: accessOf(permissionCode(userEntity, 'delete')),
    removeBatch: accessOf(permissionCode(userEntity, 'deleteBatch')),
  };
}

/** A row's 密码, 冻结 or 解冻 and 删除 (each with the user's button permission), after the list's 编辑. */
export function useUserRowActions(): (list: ListControls, onPassword: (username: string) => void) => RowAction<UserRecord>[] {
  const { t } = useTranslation('sysUser');
  const { run } = useUserCommands(t);
  const frozen = (record: UserRecord) => record.status === USER_STATUS.frozen;
  const nameOf = (record: UserRecord) => String(record.username ?? '');
  return (list, onPassword) => [
    { key: 'password', label: t('password'), code: USER_PERMISSIONS.changePassword, onClick: (record) => onPassword(nameOf(record)) },
    { key: 'unfreeze', label: t('unfreeze'), code: USER_PERMISSIONS.frozenBatch, showFor: frozen, onClick: (record) => run(userCalls.setStatus([String(record.id)], USER_STATUS.normal), list, false) },
    {
      key: 'freeze',
      label: t('freeze'),
      code: USER_PERMISSIONS.frozenBatch,
      showFor: (record) => !frozen(record),
      confirm: (record) => t('confirmFreeze', { username: nameOf(record) }),
      onClick: (record) => run(userCalls.setStatus([String(record.id)], USER_STATUS.frozen), list, false),
    },
    {
      key: 'delete',
      label: t('delete'),
      code: permissionCode(userEntity, 'delete'),
      danger: true,
      confirm: (record) => t('confirmDelete', { username: nameOf(record) }),
      onClick: (record) => run(userCalls.remove(String(record.id)), list, true),
    },
  ];
}

/** 批量操作 ▾ on the selected rows: 冻结, 解冻, 删除. */
export function UserBatchMenu({ list }: { list: ListControls }) {
  const { t } = useTranslation('sysUser');
  const { run, confirm } = useUserCommands(t);
  const gates = userGates();
  const ids = list.selected;
  const items: MenuItem[] = [];
  if (gates.frozen.visible) {
    items.push({ key: 'freeze', label: t('freeze'), disabled: gates.frozen.disabled }, { key: 'unfreeze', label: t('unfreeze'), disabled: gates.frozen.disabled });
  }
  if (gates.removeBatch.visible) items.push({ key: 'delete', label: t('delete'), danger: true, disabled: gates.removeBatch.disabled });
  if (ids.length === 0 || items.length === 0) return null;

  const count = ids.length;
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'freeze') confirm(t('confirmBatchFreeze', { count }), () => run(userCalls.setStatus(ids, USER_STATUS.frozen), list, true));
    if (key === 'unfreeze') confirm(t('confirmBatchUnfreeze', { count }), () => run(userCalls.setStatus(ids, USER_STATUS.normal), list, true));
    if (key === 'delete') confirm(t('confirmBatchDelete', { count }), () => run(userCalls.removeBatch(ids), list, true));
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button>
        {t('batchActions')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
