import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../../src/contracts/envelope';
import { permissionCode } from '../../../../src/contracts/entity';
import { type ListControls } from '../../../../src/toolkit/crud';
import { accessOf } from '../../../../src/providers/access-control';
import { USER_PERMISSIONS, USER_STATUS } from '../api';
import { userEntity, type UserRecord } from '../entities';
import { userCalls } from './user-calls';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** run and confirm, shown through the app's themed message and modal. */
function useUserCommands(t: TFunction) {
  const { message, modal } = App.useApp();
  /** Runs a call, shows the server's message and refreshes the list on success. */
  const run = async (call: () => Promise<ApiResult<unknown>>, list: ListControls, clearSelection: boolean): Promise<void> => {
    try {
      const answer = await call();
      if (!answer.success) {
        void message.error(answer.message);
        return;
      }
      void message.success(answer.message);
      if (clearSelection) list.clearSelection();
      list.refresh();
    } catch {
      // Presented by the http client.
    }
  };
  const confirm = (title: string, action: () => Promise<void>): void => {
    modal.confirm({ title, okText: t('ok'), cancelText: t('cancel'), onOk: action });
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

/** 更多 ▾ of a row: 密码, 冻结 or 解冻, 删除 (each with the user's button permission). */
export function UserRowMenu({ record, list, onPassword }: { record: UserRecord; list: ListControls; onPassword: (username: string) => void }) {
  const { t } = useTranslation('sysUser');
  const { run, confirm } = useUserCommands(t);
  const gates = userGates();
  const id = String(record.id);
  const username = String(record.username ?? '');
  const frozen = record.status === USER_STATUS.frozen;
  const items: MenuItem[] = [];
  if (gates.password.visible) items.push({ key: 'password', label: t('password'), disabled: gates.password.disabled });
  if (gates.frozen.visible) items.push({ key: frozen ? 'unfreeze' : 'freeze', label: t(frozen ? 'unfreeze' : 'freeze'), disabled: gates.frozen.disabled });
  if (gates.remove.visible) items.push({ key: 'delete', label: t('delete'), danger: true, disabled: gates.remove.disabled });
  if (items.length === 0) return null;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') onPassword(username);
    if (key === 'unfreeze') void run(() => userCalls.setStatus([id], USER_STATUS.normal), list, false);
    if (key === 'freeze') confirm(t('confirmFreeze', { username }), () => run(() => userCalls.setStatus([id], USER_STATUS.frozen), list, false));
    if (key === 'delete') confirm(t('confirmDelete', { username }), () => run(() => userCalls.remove(id), list, true));
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="link" size="small">
        {t('more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
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
    if (key === 'freeze') confirm(t('confirmBatchFreeze', { count }), () => run(() => userCalls.setStatus(ids, USER_STATUS.frozen), list, true));
    if (key === 'unfreeze') confirm(t('confirmBatchUnfreeze', { count }), () => run(() => userCalls.setStatus(ids, USER_STATUS.normal), list, true));
    if (key === 'delete') confirm(t('confirmBatchDelete', { count }), () => run(() => userCalls.removeBatch(ids), list, true));
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button>
        {t('batchActions')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
