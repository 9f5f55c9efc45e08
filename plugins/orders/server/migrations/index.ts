import type { Migration } from 'kysely';
import * as m0001 from './0001-order-tables';

/** The orders plugin's migrations (prefixed `plugin_orders_` by the server). Never edit a released one. */
export const orderMigrations: Record<string, Migration> = {
  '0001_order_tables': m0001,
};
