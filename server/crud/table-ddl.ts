import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import {
  AUDIT_FIELDS,
  columnOf,
  fieldEntries,
  maxLengthOf,
  searchFields,
  sortableFields,
  type EntityDefinition,
  type FieldDefinition,
} from '../../src/contracts/entity';

/**
 * Creates an entity's table from its definition, for use inside a plugin migration. Entities over
 * existing tables (e.g. the core dictionaries) simply never call it. Migrations freeze a schema: call
 * it with the definition as it was when the migration was written, and add later columns in new
 * migrations.
 */

function columnType(field: FieldDefinition): ColumnDataType | Expression<unknown> {
  switch (field.type) {
    case 'text':
      return 'text';
    case 'int':
      return 'integer';
    case 'decimal':
      return sql`numeric(18, 4)`;
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    default:
      return sql`varchar(${sql.lit(maxLengthOf(field) ?? 255)})`;
  }
}

export async function createEntityTable(db: Kysely<unknown>, entity: EntityDefinition): Promise<void> {
  let table = db.schema.createTable(entity.table).addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  for (const [name, field] of fieldEntries(entity)) {
    table = table.addColumn(columnOf(entity, name), columnType(field), (c) => (field.required ? c.notNull() : c));
  }
  table = table
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz');
  if (entity.tenantScoped) table = table.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
  if (entity.softDelete) table = table.addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0));
  await table.execute();

  if (entity.tenantScoped) await db.schema.createIndex(`${entity.table}_tenant_idx`).on(entity.table).column('tenant_id').execute();
  // Unique among live rows of a tenant: the database backs the engine's check against races.
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.unique && field.uniqueWith === undefined) continue;
    const columns = [
      ...(entity.tenantScoped ? ['tenant_id'] : []),
      ...(field.uniqueWith ?? []).map((partner) => columnOf(entity, partner)),
      columnOf(entity, name),
    ];
    let index = db.schema.createIndex(`${entity.table}_${columnOf(entity, name)}_uq`).on(entity.table).columns(columns).unique();
    if (entity.softDelete) index = index.where(sql.ref('del_flag'), '=', 0);
    await index.execute();
  }
  await createEntityIndexes(db, entity);
}

/** An index name within PostgreSQL's 63 characters, stable for the same table and columns. */
function indexName(table: string, columns: readonly string[], suffix: string): string {
  const plain = `${table}_${columns.join('_')}_${suffix}`;
  if (plain.length <= 63) return plain;
  const digest = createHash('sha1').update(plain).digest('hex').slice(0, 10);
  return `${table.slice(0, 40)}_${digest}_${suffix}`;
}

/** The column lists of the table's plain-column indexes (expression indexes leave gaps and never match). */
async function existingIndexColumns(db: Kysely<unknown>, table: string): Promise<{ columns: string[][]; definitions: string[] }> {
  const result = await sql<{ columns: string[]; definition: string }>`
    select array(
             select a.attname::text from unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             order by k.ord
           ) as columns,
           pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = to_regclass(${table})`.execute(db);
  return { columns: result.rows.map((row) => row.columns), definitions: result.rows.map((row) => row.definition) };
}

/**
 * Whether pg_trgm is (or can be made) available: PGlite loads it as an extension
 * (server/db/pglite-worker.ts); a PostgreSQL server has it with its contrib modules. Without it,
 * `like` searches simply get no index.
 */
export async function ensureTrigramExtension(db: Kysely<unknown>): Promise<boolean> {
  const state = await sql<{ installed: boolean; creatable: boolean }>`
    select exists(select 1 from pg_extension where extname = 'pg_trgm') as installed,
           exists(select 1 from pg_available_extensions where name = 'pg_trgm')
             and (exists(select 1 from pg_roles where rolname = current_user and rolsuper)
                  or has_database_privilege(current_database(), 'CREATE')) as creatable`.execute(db);
  const row = state.rows[0];
  if (row?.installed === true) return true;
  if (row?.creatable !== true) return false;
  await sql`create extension if not exists pg_trgm`.execute(db);
  return true;
}

/** A column's btree key within the tenant, ending with id so a sort on it needs no extra step. */
function keyColumns(entity: EntityDefinition, column: string): string[] {
  return [...(entity.tenantScoped ? ['tenant_id'] : []), column, 'id'];
}

/**
 * The indexes an entity's lists need, derived from its description: the default order
 * (create_time, id) and every sortable or filterable field, each within the tenant; a trigram index
 * for `like` searches when pg_trgm is there. Idempotent and skips what an existing index already
 * covers (a unique key, an index kept by a renamed column), so a migration may call it again after
 * fields change. Orders are scanned backwards for `desc`, so all keys are ascending.
 */
export async function createEntityIndexes(db: Kysely<unknown>, entity: EntityDefinition): Promise<void> {
  const existing = await existingIndexColumns(db, entity.table);
  const covered = (wanted: readonly string[]) =>
    existing.columns.some((columns) => wanted.every((column, position) => columns[position] === column));
  const btrees: string[][] = [keyColumns(entity, AUDIT_FIELDS.createTime)];
  for (const name of sortableFields(entity)) {
    const column = name in AUDIT_FIELDS ? AUDIT_FIELDS[name as keyof typeof AUDIT_FIELDS] : columnOf(entity, name);
    btrees.push(keyColumns(entity, column));
  }
  const likeColumns: string[] = [];
  for (const [name, field] of searchFields(entity)) {
    const column = columnOf(entity, name);
    if (field.search === 'like') likeColumns.push(column);
    else btrees.push([...(entity.tenantScoped ? ['tenant_id'] : []), column]);
  }
  for (const columns of btrees) {
    if (covered(columns)) continue;
    await db.schema.createIndex(indexName(entity.table, columns, 'lidx')).ifNotExists().on(entity.table).columns(columns).execute();
    existing.columns.push(columns);
  }
  if (likeColumns.length === 0 || !(await ensureTrigramExtension(db))) return;
  for (const column of likeColumns) {
    const name = indexName(entity.table, [column], 'trgm');
    if (existing.definitions.some((definition) => definition.includes('gin_trgm_ops') && definition.includes(`(${column})::text`))) continue;
    // The list filters with `cast(column as text) like …` (server/crud/list-query.ts): the same
    // expression. No pending list (fastupdate): PGlite has no autovacuum to merge one, and the
    // planner prices an index with a long pending list out of every plan.
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(entity.table)} using gin ((cast(${sql.id(column)} as text)) gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}

export async function dropEntityTable(db: Kysely<unknown>, entity: EntityDefinition): Promise<void> {
  await db.schema.dropTable(entity.table).ifExists().execute();
}
