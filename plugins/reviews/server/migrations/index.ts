import type { Migration } from 'kysely';
import * as m0001 from './0001-review-tables';

/** The reviews plugin's migrations (prefixed `plugin_reviews_` by the server). Never edit a released one. */
export const reviewMigrations: Record<string, Migration> = {
  '0001_review_tables': m0001,
};
