import { sql } from 'kysely';
import zhSystem from '../../locales/zh-CN/system.json';
import { businessError, defineServerPlugin, localeLabels, MSG_DICT_NOT_FOUND, registerEntityRoutes } from '../../server/kit';
import { dictEntity, dictItemEntity } from './entities';
import { registerDictLookupRoutes } from './server/dict-lookup-routes';
import { systemDicts, systemMenus } from './server/menus';
import { userMigrations } from './users/server/migrations';
import { registerUserRoutes } from './users/server/user-routes';
import { departMigrations, registerDepartAreaRoutes } from './departs/server';
import { registerPermissionMenuRoutes } from './permissions/server/permission-routes';
import { registerRoleArea, roleMigrations } from './roles/server';
import { tenantMigrations } from './server/migrations-tenants';
import { tenantDicts } from './server/tenant-dicts';
import { registerTenantRoutes } from './server/tenant-routes';
import { createShopProfileService, registerShopProfileRoutes, seedShopProfile, shopMigrations } from './shop/server/shop-profile';

/** The server side of the system-administration screens: users, roles, departments, menus, dictionaries, tenants and 店铺信息. */
export default defineServerPlugin({
  name: 'system',
  menus: systemMenus,
  dicts: [...systemDicts, ...tenantDicts],
  // One migration record per screen area, named '<area number>_<what>' so they never collide.
  migrations: {
    ...userMigrations,
    ...departMigrations,
    ...roleMigrations,
    ...tenantMigrations,
    ...shopMigrations,
  },
  // 店铺信息: the seller the orders plugin's contracts and delivery notes print.
  provides: ['shopProfile'],
  register: async (api, ctx) => {
    const labels = localeLabels({ system: zhSystem });
    // Every dictionary write invalidates the server cache, so the next lookup sees it.
    const afterChange = () => ctx.dictionaries.clearCache();
    await registerEntityRoutes(api, dictEntity, { labels, afterChange });
    await registerEntityRoutes(api, dictItemEntity, {
      labels,
      afterChange,
      beforeWrite: async (values) => {
        if (typeof values.dictId === 'string') {
          const found = await sql<{ id: string }>`select id from dicts where id = ${values.dictId} and del_flag = 0`.execute(ctx.db);
          if (found.rows.length === 0) throw businessError(MSG_DICT_NOT_FOUND);
        }
        return values;
      },
    });
    registerDictLookupRoutes(api, ctx);
    // Screen areas register below, one line each.
    await registerUserRoutes(api, ctx);
    await registerDepartAreaRoutes(api, ctx);
    await registerPermissionMenuRoutes(api);
    await registerRoleArea(api, ctx);
    await registerTenantRoutes(api, ctx);
    ctx.services.provide('shopProfile', createShopProfileService(ctx.files));
    await registerShopProfileRoutes(api, ctx);
  },
  seedThroughServices: seedShopProfile,
});
