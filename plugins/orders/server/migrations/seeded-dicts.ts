import { sql, type Kysely } from 'kysely';
import type { DictSeed } from '../../../../server/kit';

/**
 * A database seeded before these dictionaries (or items) existed gets them: the plugin's dictionaries are seeded once
 * (server/db/seed.ts), after the migrations, so a fresh database gets them from the seed and is left alone here.
 * Each dictionary and item is added only where missing.
 */
export async function addDictsToSeededDatabase(db: Kysely<unknown>, dicts: readonly DictSeed[]): Promise<void> {
  const seeded = await sql<{ n: number }>`select count(*)::int as n from app_meta where key = 'catalog:orders'`.execute(db);
  if ((seeded.rows[0]?.n ?? 0) === 0) return;
  for (const dict of dicts) {
    await sql`insert into dicts (id, dict_code, dict_name, create_by) select md5(random()::text), ${dict.code}, ${dict.name}, 'seed'
      where not exists (select 1 from dicts where dict_code = ${dict.code})`.execute(db);
    for (const [index, [value, text, color]] of dict.items.entries()) {
      await sql`insert into dict_items (id, dict_id, item_value, item_text, item_color, sort_order, create_by)
        select md5(random()::text), d.id, ${value}, ${text}, ${color ?? null}, ${index + 1}, 'seed' from dicts d
        where d.dict_code = ${dict.code} and not exists (select 1 from dict_items i where i.dict_id = d.id and i.item_value = ${value})`.execute(db);
    }
  }
}
