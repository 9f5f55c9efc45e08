import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration, Transaction } from 'kysely';
import type { AppContext } from './context';
import type { FactSource, OperatingCounter } from './contracts/report-facts';
import type { Database } from './db/schema';
import type { ServiceName } from './plugin-services';
import type { JobKind } from './scheduler/job-kinds';
import type { DictSeed, PluginMenuSeed } from './db/seed-menu-model';

export type { ButtonSeed, DictSeed, MenuBranchSeed, MenuSeed, PluginMenuSeed, TopMenuSeed } from './db/seed-menu-model';
export { entityButtons, menuPage, ROUTE_VIEW, WITHOUT_EXCEL } from './db/seed-menu-model';

/**
 * Whether a stored file (its key, as the upload answered it) is a picture the plugin shows in the storefront right now,
 * judged from the plugin's own tables only. The storefront's public picture route (server/routes/storefront-media.ts)
 * serves a key only while some plugin answers yes; it asks on every picture request, so one bounded query.
 */
export type PublicMediaCheck = (db: Kysely<Database>, key: string) => Promise<boolean>;

/**
 * The server side of a business plugin (`plugins/<domain>/server.ts`). Its tables come from its own
 * migrations; its routes are registered under the API base with the same access rules as core routes
 * (every route declares `config.access`); its menus, buttons and dictionaries and its demo seed are
 * seeded once per database. Removing the plugin removes all of that from a fresh database.
 */
export interface ServerPlugin {
  /** The plugin folder's name; prefixes its migration names and marks its seed. */
  name: string;
  /** Versioned migrations, in order. Never edit a released one: add the next. */
  migrations?: Record<string, Migration>;
  register?: (api: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /**
   * Routes outside the API base, on the root app (a page the product serves itself, e.g. the form builder's script
   * sandbox); each declares `config: { access: 'static' }` and takes no session.
   */
  registerStatic?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** Kinds of scheduled job the plugin brings (order timeouts, coupon expiry …); jobs name them. */
  jobs?: readonly JobKind[];
  /** Daily facts it fills for the reports (server/contracts/report-facts.ts), rolled up by the core. */
  facts?: readonly FactSource[];
  /**
   * Which stored pictures it publishes to the storefront (goods on sale, visible reviews …): the mini-program loads
   * them without a token, so any other stored file (staff uploads: contracts, ID photos, exports) stays unreachable.
   */
  publicMedia?: PublicMediaCheck;
  /** Live operating figures for the dashboards (待发货, 退款中 …), each behind its list's permission. */
  counters?: readonly OperatingCounter[];
  /**
   * Its menus with their buttons: top menus placed by `sortNo` among the core's, or branches under
   * another menu's path. The admin role gets all of them, the clerk role the branches marked `clerk`.
   */
  menus?: readonly PluginMenuSeed[];
  /** The dictionaries its screens need (a code already present is left as it is). */
  dicts?: readonly DictSeed[];
  /** Services it hands to other plugins in `register` (`ctx.services.provide`); contracts in server/contracts. */
  provides?: readonly ServiceName[];
  /** Services of other plugins it uses (`ctx.services.get`); the build refuses to boot when one has no provider. */
  requires?: readonly ServiceName[];
  /** Demo data for a fresh database; runs once (marked in app_meta), after every migration. */
  seed?: (db: Kysely<Database>) => Promise<void>;
  /**
   * Demo data made through the product's own services (orders placed, paid and shipped by the order,
   * stock and member services), so it obeys the same rules as real data. Runs once per database (marked
   * in app_meta) in one transaction, after every plugin registered its routes and services.
   */
  seedThroughServices?: (trx: Transaction<Database>, ctx: AppContext) => Promise<void>;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  if (!/^[a-z][a-z0-9-]*$/.test(plugin.name)) throw new Error(`Server plugin name "${plugin.name}" must be kebab-case`);
  return plugin;
}

/** Core migrations keep their names; a plugin's are prefixed so they never collide and sort after core. */
export function pluginMigrations(plugins: readonly ServerPlugin[]): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const plugin of plugins) {
    for (const [name, migration] of Object.entries(plugin.migrations ?? {})) all[`plugin_${plugin.name}_${name}`] = migration;
  }
  return all;
}
