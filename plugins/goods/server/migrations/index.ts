import type { Migration } from 'kysely';
import * as m0001 from './0001-goods-tables';

/** The goods plugin's migrations (prefixed `plugin_goods_` by the server). Never edit a released one. */
export const goodsMigrations: Record<string, Migration> = {
  '0001_goods_tables': m0001,
};
