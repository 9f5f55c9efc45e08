import type { Migration } from 'kysely';
import * as m0001 from './0001_identity_and_access';
import * as m0002 from './0002_account_recovery';
import * as m0004 from './0004_check_rules';
import * as m0005 from './0005_uploads_and_popup_reports';
import * as m0006 from './0006_popup_report_dicts';
import * as m0007 from './0007_list_indexes';
import * as m0008 from './0008_scheduled_jobs';
import * as m0009 from './0009_sys_log';
import * as m0010 from './0010_report_facts';
import * as m0011 from './0011_stored_files';
import * as m0012 from './0012_data_log';
import * as m0013 from './0013_tenant_validity';
import * as m0014 from './0014_report_fact_things';
import * as m0015 from './0015_report_column_link';
import * as m0016 from './0016_rate_counters';
import * as m0017 from './0017_dict_item_color';
import * as m0018 from './0018_wechat_access_token';

/**
 * Every migration, in order. A static record rather than a folder scan so the bundled server
 * (scripts/build-server.mjs) carries them. Never edit a released migration: add the next file.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity_and_access': m0001,
  '0002_account_recovery': m0002,
  '0004_check_rules': m0004,
  '0005_uploads_and_popup_reports': m0005,
  '0006_popup_report_dicts': m0006,
  '0007_list_indexes': m0007,
  '0008_scheduled_jobs': m0008,
  '0009_sys_log': m0009,
  '0010_report_facts': m0010,
  '0011_stored_files': m0011,
  '0012_data_log': m0012,
  '0013_tenant_validity': m0013,
  '0014_report_fact_things': m0014,
  '0015_report_column_link': m0015,
  '0016_rate_counters': m0016,
  '0017_dict_item_color': m0017,
  '0018_wechat_access_token': m0018,
};
