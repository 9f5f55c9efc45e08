import { sql, type Kysely } from 'kysely';
import { newId } from '../../../../server/kit';
import { POINT_BIZ_DICT } from '../../entities';

/** Points that marketing gives (a gift campaign's reward, taken back on refund; a coupon packet's points). */
const ITEMS: ReadonlyArray<[string, string, number]> = [
  ['31', '活动赠送', 9],
  ['32', '活动赠送（退款收回）', 10],
  ['41', '券包赠送', 11],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ id: string }>`select id from dicts where dict_code = ${POINT_BIZ_DICT}`.execute(db);
  const dictId = found.rows[0]?.id;
  if (dictId === undefined) return;
  for (const [value, text, sort] of ITEMS) {
    await sql`insert into dict_items (id, dict_id, item_value, item_text, sort_order, create_by)
      values (${newId()}, ${dictId}, ${value}, ${text}, ${sort}, 'admin')`.execute(db);
  }
}
