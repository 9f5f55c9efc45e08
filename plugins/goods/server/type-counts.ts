import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/kit';
import { ATTR_TYPE } from '../entities';

/** 规格 and 参数 counts of every type, recounted from its attributes (a handful of rows: cheap and always right). */
export async function recountTypes(db: Kysely<Database>): Promise<void> {
  await sql`update goods_type t set
      spec_count = (select count(*) from goods_attr a where a.type_id = t.id and a.type = ${ATTR_TYPE.spec}),
      param_count = (select count(*) from goods_attr a where a.type_id = t.id and a.type = ${ATTR_TYPE.param})`.execute(db);
}
