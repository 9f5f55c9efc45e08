import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { dictEntity, dictItemEntity } from './entities';
import { userEntity } from './users/entities';
import { permissionEntity } from './permissions/entities';
import { departRoleEntity } from './departs/entities';
import { roleEntity } from './roles/entities';
import { tenantEntity } from './tenants/entities';
import { shopProfileEntity } from './shop/entities';

export default definePlugin({
  name: 'system',
  namespaces: ['sysUser', 'sysRole', 'sysDepart', 'sysPermission', 'sysTenant', 'sysShop'],
  resources: [resourceOf(dictEntity), resourceOf(dictItemEntity), resourceOf(userEntity), resourceOf(permissionEntity), resourceOf(departRoleEntity), resourceOf(roleEntity), resourceOf(tenantEntity), resourceOf(shopProfileEntity)],
  pages: {
    'system/DictList': () => import('./pages/dict-list'),
    'system/UserList': () => import('./users/pages/user-list'),
    'system/PermissionList': () => import('./permissions/pages/permission-list'),
    'system/DepartList': () => import('./departs/pages/depart-list'),
    'system/RoleUserList': () => import('./roles/pages/role-list'),
    'system/TenantList': () => import('./tenants/pages/tenant-list'),
    'system/ShopProfile': () => import('./shop/pages/shop-profile'),
  },
});
