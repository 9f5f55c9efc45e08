import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../server/kit';
import { PICKUP_STORE_STATUS } from '../../pickup-entities';

/**
 * Whether a stored picture is the logo of an open pickup store (server/plugin-api.ts `publicMedia`), as
 * `/app/pickup/stores` lists them. An exact match on a table of a few stores per shop: no index needed.
 */
export async function isPublicPickupLogo(db: Kysely<Database>, key: string): Promise<boolean> {
  const found = await sql<{ hit: number }>`select 1 as hit from sale_pickup_store
    where logo = ${key} and status = ${PICKUP_STORE_STATUS.open} limit 1`.execute(db);
  return found.rows.length > 0;
}
