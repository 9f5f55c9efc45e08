import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import { columnOf, fieldEntries, maxLengthOf, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';

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
}

export async function dropEntityTable(db: Kysely<unknown>, entity: EntityDefinition): Promise<void> {
  await db.schema.dropTable(entity.table).ifExists().execute();
}
