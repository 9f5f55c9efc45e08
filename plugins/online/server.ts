import { defineServerPlugin } from '../../server/kit';
import { cgformMigrations } from './server/cgform/migrations';
import { registerCgformRoutes } from './server/cgform/routes';
import { CGFORM_DICTS, seedCgforms } from './server/cgform/seed';
import { cgreportMigrations } from './server/cgreport/migrations';
import { registerCgreportRoutes } from './server/cgreport/routes';
import { seedCgreports } from './server/cgreport/seed';
import { onlineMenus } from './server/menus';
import { registerCgformDataRoutes } from './server/cgform/data-routes';
import { FORM_DICT_PREFIX, formDictionaryResolver } from './server/cgform/dictionaries';
import { registerEnhanceSandbox } from './server/enhance-sandbox-route';

/** 在线开发: tables and reports defined at run time, served by the same engine as the plugins. */
export default defineServerPlugin({
  name: 'online',
  menus: onlineMenus,
  dicts: CGFORM_DICTS,
  migrations: { ...cgreportMigrations, ...cgformMigrations },
  register: async (api, ctx) => {
    registerCgreportRoutes(api, ctx);
    registerCgformRoutes(api, ctx);
    // Fields whose dictTable names another form's table: their dictionaries (onl_dict_…) resolve here.
    ctx.dictionaries.registerTableDictionaryResolver(FORM_DICT_PREFIX, formDictionaryResolver(ctx.db));
    // The generated forms' data: the CRUD engine under /online/cgform/data/:code and JeecgBoot's calls by head id.
    await registerCgformDataRoutes(api);
  },
  registerStatic: (app) => registerEnhanceSandbox(app),
  seed: async (db) => {
    await seedCgreports(db);
    await seedCgforms(db);
  },
});
