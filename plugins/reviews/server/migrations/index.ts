import type { Migration } from 'kysely';
import * as m0001 from './0001-review-tables';
import * as m0002 from './0002-member-uploader-by-id';

/** The reviews plugin's migrations (prefixed `plugin_reviews_` by the server). Never edit a released one. */
export const reviewMigrations: Record<string, Migration> = {
  '0001_review_tables': m0001,
  '0002_member_uploader_by_id': m0002,
};
