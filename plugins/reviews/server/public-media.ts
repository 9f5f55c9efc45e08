import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/kit';

/**
 * Whether a stored picture belongs to a review buyers see (server/plugin-api.ts `publicMedia`): `/app/review/page` lists
 * visible reviews with their `picUrls`, so a hidden review's pictures are not shown. Any shop's: keys are random.
 *
 * Exact matches only: `pic_urls` is the comma-joined list of keys the review service wrote (server/service.ts),
 * compared element by element, never with LIKE (a key's `_` would match any character); `has_images` and `strpos` skip
 * the rows that cannot hold it. No index serves the picture column (one would be a reviews migration): the scan is of
 * one narrow table, stops at the first hit, and a client asks for a picture once a day at most (the route's cache headers).
 */
export async function isPublicReviewPicture(db: Kysely<Database>, key: string): Promise<boolean> {
  const found = await sql<{ hit: number }>`select 1 as hit from review_comment
    where visible and has_images and strpos(pic_urls, ${key}) > 0 and ${key} = any(string_to_array(pic_urls, ','))
    limit 1`.execute(db);
  return found.rows.length > 0;
}
