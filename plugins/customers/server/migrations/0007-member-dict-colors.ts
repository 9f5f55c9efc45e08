import { sql, type Kysely } from 'kysely';
import { COUPON_STATUS_DICT } from '../../entities';

/** A member coupon's status as a coloured tag on every list (core migration 0017 gave items a colour). */
const COLORS: ReadonlyArray<[string, string]> = [
  ['1', 'blue'],
  ['2', 'green'],
  ['3', 'default'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [value, color] of COLORS) {
    await sql`update dict_items set item_color = ${color}
      where item_color is null and item_value = ${value} and dict_id in (select id from dicts where dict_code = ${COUPON_STATUS_DICT})`.execute(db);
  }
}
