import type { Migration } from 'kysely';
import * as m0001 from './0001-order-tables';
import * as m0002 from './0002-order-promotions';
import * as m0003 from './0003-purchase-tables';
import * as m0004 from './0004-report-indexes';
import * as m0005 from './0005-docs-orders';
import * as m0006 from './0006-express-tracks';
import * as m0007 from './0007-pay-notices';
import * as m0008 from './0008-wechat-shipping';
import * as m0009 from './0009-pickup';

/** The orders plugin's migrations (prefixed `plugin_orders_` by the server). Never edit a released one. */
export const orderMigrations: Record<string, Migration> = {
  '0001_order_tables': m0001,
  '0002_order_promotions': m0002,
  '0003_purchase_tables': m0003,
  '0004_report_indexes': m0004,
  '0005_docs_orders': m0005,
  '0006_express_tracks': m0006,
  '0007_pay_notices': m0007,
  '0008_wechat_shipping': m0008,
  '0009_pickup': m0009,
};
