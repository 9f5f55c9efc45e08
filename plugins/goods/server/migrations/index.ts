import type { Migration } from 'kysely';
import * as m0001 from './0001-goods-tables';
import * as m0002 from './0002-spu-views';
import * as m0003 from './0003-names-spu-no';
import * as m0004 from './0004-sku-location';
import * as m0005 from './0005-picture-indexes';

/** The goods plugin's migrations (prefixed `plugin_goods_` by the server). Never edit a released one. */
export const goodsMigrations: Record<string, Migration> = {
  '0001_goods_tables': m0001,
  '0002_spu_views': m0002,
  '0003_names_spu_no': m0003,
  '0004_sku_location': m0004,
  '0005_picture_indexes': m0005,
};
