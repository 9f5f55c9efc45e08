import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../../src/toolkit/crud';
import { StoredImage } from '../../../../src/toolkit/upload';
import { PasswordModal } from '../components/password-modal';
import { UserBatchMenu, useUserRowActions } from '../components/user-actions';
import { UserFormModal } from '../components/user-form-modal';
import { userEntity, type UserRecord } from '../entities';

/**
 * 用户管理 (menu /system/user): the users list with search by account, name, status (pending
 * self-registered accounts are the frozen ones) and phone; the user dialog with roles, departments
 * and avatar; 更多 ▾ per row and 批量操作 ▾ on the selection.
 */
export default function UserListPage() {
  const { t } = useTranslation('sysUser');
  const [passwordOf, setPasswordOf] = useState<string | null>(null);
  const rowActions = useUserRowActions();
  return (
    <>
      <EntityListPage<UserRecord>
        entity={userEntity}
        without={['delete', 'batchDelete']}
        formModal={(props) => <UserFormModal {...props} />}
        renderers={{
          avatar: (value, record) => (
            <StoredImage value={typeof value === 'string' ? value : null} shape="avatar" size={32} preview={false} fallback={<UserOutlined />} alt={t('avatarAlt', { name: String(record.realname ?? record.username ?? '') })} />
          ),
        }}
        rowActions={(list) => rowActions(list, setPasswordOf)}
        toolbarExtra={(list) => <UserBatchMenu list={list} />}
      />
      <PasswordModal username={passwordOf} onClose={() => setPasswordOf(null)} />
    </>
  );
}
