import type { Migration } from 'kysely';
import * as m0001 from './0001-distribution-tables';
import * as m0002 from './0002-withdraw-pay-failure';
import * as m0003 from './0003-self-spend';

/** The distribution plugin's migrations (prefixed `plugin_distribution_` by the server). Never edit a released one. */
export const distributionMigrations: Record<string, Migration> = {
  '0001_distribution_tables': m0001,
  '0002_withdraw_pay_failure': m0002,
  '0003_self_spend': m0003,
};
