import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EntityListPage, useEntityRecord } from '../../../../src/toolkit/crud';
import { PermissionAssignTree } from '../components/permission-assign-tree';
import { ROLE_CODES } from '../contracts';
import { roleEntity, type RoleRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/** The width of the original 角色权限配置 drawer. */
export const AUTHORIZE_DRAWER_WIDTH = 650;
const AUTHORIZE_KEY = 'authorize';

function AuthorizeDrawer({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const { t } = useTranslation('sysRole');
  const { record } = useEntityRecord<RoleRecord>(roleEntity, roleId);
  const name = record?.roleName ?? '';
  return (
    <Drawer open={roleId !== null} onClose={onClose} width={AUTHORIZE_DRAWER_WIDTH} title={t('role.authorizeTitle', { name })} destroyOnHidden>
      {roleId !== null ? <PermissionAssignTree owner={{ kind: 'role', roleId }} onCancel={onClose} /> : null}
    </Drawer>
  );
}

/** 角色管理: roles with 编辑, 删除 and 授权 (the permission tree in a drawer kept in the URL). */
export default function RoleListPage() {
  const { t } = useTranslation('sysRole');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(AUTHORIZE_KEY);
  const authorizing = requested !== null && RECORD_ID_PATTERN.test(requested) ? requested : null;

  const setAuthorizing = (roleId: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (roleId === null) next.delete(AUTHORIZE_KEY);
    else next.set(AUTHORIZE_KEY, roleId);
    // replace: the drawer belongs to this page's tab, it is not a new page.
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <EntityListPage<RoleRecord>
        entity={roleEntity}
        rowActions={() => [{ key: 'authorize', label: t('role.authorize'), code: ROLE_CODES.authorize, onClick: (record) => setAuthorizing(String(record.id)) }]}
      />
      <AuthorizeDrawer roleId={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
