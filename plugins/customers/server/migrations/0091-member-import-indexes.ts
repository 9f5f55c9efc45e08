import { sql, type Kysely } from 'kysely';

/** The member list's trigram indexes (0090_list_indexes: server/crud/table-ddl.ts createEntityIndexes). */
const TRIGRAM_INDEXES = ['cust_member_member_no_trgm', 'cust_member_member_name_trgm', 'cust_member_mobile_trgm', 'cust_member_nickname_trgm'] as const;

/**
 * Writing members faster (the Excel import: `npm run bench:import`), without changing what any list can search or sort.
 *
 * - cust_member_tenant_idx (tenant_id) goes: every member list reads within a tenant through one of the dozen btrees
 *   that lead with tenant_id (the unique (tenant_id, member_no) among them), which serves any condition or order on
 *   tenant_id alone as well; it backs no constraint. Each insert kept one more index for nothing.
 * - The four trigram (GIN) indexes get a pending list of at most 1 MB: an inserted row's trigrams are appended to it
 *   and merged into the index in bulk, by the insert that fills it (so the list stays bounded without autovacuum,
 *   which PGlite lacks), instead of each row's dozen trigrams going into the tree one by one. A `like` search reads
 *   the pending list besides the tree: at most 128 pages, a small fraction of what the planner weighs against a scan
 *   of the table. Measured on PGlite inserting 20,000 members: the four indexes took two thirds of the insert's time
 *   with fastupdate off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists cust_member_tenant_idx`.execute(db);
  for (const name of TRIGRAM_INDEXES) await sql`alter index if exists ${sql.id(name)} set (fastupdate = on, gin_pending_list_limit = 1024)`.execute(db);
}
