import { createHash } from 'node:crypto';
import {
  PostgresQueryCompiler,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { parseEntityDefinition, type EntityDefinition } from '../../../../src/contracts/entity';
import { ApiError, businessError, createEntityIndexes, createEntityTable, formatShopTime, instantOf, newId, type Database } from '../../../../server/kit';
import type { CgformDefinition, CgformField, CgformSyncResult } from '../../cgform-api';
import { cgformEntity, cgformFieldKey, cgformFieldType, CgformDefinitionError, checkDefinition, ENGINE_COLUMNS, foreignKeyField, indexColumns, treeColumnsOf } from './entity';
import { checkFieldReferences } from './field-refs';
import { atomically, cgformDb, definitionOf, headById, STORE_MESSAGES, subHeadsOf, type CgformDb } from './store';

/**
 * 同步数据库: makes a form's real table (and its sub tables') match the definition, in one transaction. Safe
 * changes (a new table or column, a wider type, a dropped not-null, an index) always run; a change that may lose
 * data (dropping a column, narrowing or changing a type) is refused in 'normal' and done in 'force'; a change the
 * data cannot take (required with empty values, unique with duplicates) is refused in both. Anything refused
 * rolls the whole synchronisation back. Every identifier goes through sql.id, every type comes from the
 * allow-list below (numbers checked by checkDefinition), never text from the request. Every run is logged.
 */

export type SyncMethod = 'normal' | 'force';

export const SYNC_MESSAGES = {
  dropColumn: (name: string) => `删除字段 ${name} 会丢失数据，请使用强制同步`,
  changeType: (name: string, from: string, to: string) => `修改字段 ${name} 的类型（${from} → ${to}）可能丢失数据，请使用强制同步`,
  hasNulls: (name: string) => `字段 ${name} 存在空值，无法设为必填`,
  duplicates: (index: string) => `索引 ${index} 无法创建：存在重复数据`,
  failed: (message: string) => `同步失败：${message}`,
  badDefinition: (message: string) => `表单定义不合法：${message}`,
  done: '同步数据库成功',
} as const;

// ---- column types ------------------------------------------------------------------------------------

type ColumnSpec =
  | { kind: 'varchar'; length: number }
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'numeric'; precision: number; scale: number }
  | { kind: 'date' }
  | { kind: 'timestamptz' }
  | { kind: 'other'; name: string };

/** The column a field needs (the same choice as the engine's type, cgformFieldType). */
export function columnSpecOf(field: CgformField): ColumnSpec {
  switch (cgformFieldType(field)) {
    case 'ref':
      return { kind: 'varchar', length: Math.max(32, field.dbLength) };
    case 'text':
      return { kind: 'text' };
    case 'int':
      return { kind: 'integer' };
    case 'decimal':
      return { kind: 'numeric', precision: field.dbLength, scale: field.dbPointLength ?? 2 };
    case 'date':
      return { kind: 'date' };
    case 'datetime':
      return { kind: 'timestamptz' };
    default:
      return { kind: 'varchar', length: field.dbLength };
  }
}

function specSql(spec: Exclude<ColumnSpec, { kind: 'other' }>): RawBuilder<unknown> {
  switch (spec.kind) {
    case 'varchar':
      return sql`varchar(${sql.lit(Math.trunc(spec.length))})`;
    case 'numeric':
      return sql`numeric(${sql.lit(Math.trunc(spec.precision))}, ${sql.lit(Math.trunc(spec.scale))})`;
    case 'text':
      return sql`text`;
    case 'integer':
      return sql`integer`;
    case 'date':
      return sql`date`;
    case 'timestamptz':
      return sql`timestamptz`;
  }
}

function specText(spec: ColumnSpec): string {
  switch (spec.kind) {
    case 'varchar':
      return `varchar(${spec.length})`;
    case 'numeric':
      return `numeric(${spec.precision},${spec.scale})`;
    case 'other':
      return spec.name;
    default:
      return spec.kind;
  }
}

function sameSpec(a: ColumnSpec, b: ColumnSpec): boolean {
  return specText(a) === specText(b);
}

/** Whether every value of `from` fits `to` unchanged. */
function widens(from: ColumnSpec, to: ColumnSpec): boolean {
  if (to.kind === 'text') return from.kind !== 'other';
  if (from.kind === 'varchar' && to.kind === 'varchar') return to.length >= from.length;
  if (from.kind === 'numeric' && to.kind === 'numeric') return to.scale >= from.scale && to.precision - to.scale >= from.precision - from.scale;
  if (from.kind === 'integer' && to.kind === 'numeric') return to.precision - to.scale >= 10;
  if (from.kind === 'integer' && to.kind === 'varchar') return to.length >= 11;
  if (from.kind === 'date' && to.kind === 'timestamptz') return true;
  return false;
}

interface ColumnRow {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  column_default: string | null;
}

function specOfColumn(row: ColumnRow): ColumnSpec {
  switch (row.data_type) {
    case 'character varying':
      return row.character_maximum_length === null ? { kind: 'text' } : { kind: 'varchar', length: Number(row.character_maximum_length) };
    case 'text':
      return { kind: 'text' };
    case 'integer':
      return { kind: 'integer' };
    case 'numeric':
      return row.numeric_precision === null ? { kind: 'other', name: 'numeric' } : { kind: 'numeric', precision: Number(row.numeric_precision), scale: Number(row.numeric_scale ?? 0) };
    case 'date':
      return { kind: 'date' };
    case 'timestamp with time zone':
      return { kind: 'timestamptz' };
    default:
      return { kind: 'other', name: row.data_type };
  }
}

async function currentColumns(db: Kysely<Database>, table: string): Promise<Map<string, { spec: ColumnSpec; nullable: boolean; defaultValue: string | null }>> {
  const rows = await sql<ColumnRow>`
    select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
    from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  return new Map(rows.rows.map((row) => [row.column_name, { spec: specOfColumn(row), nullable: row.is_nullable === 'YES', defaultValue: storedDefault(row.column_default) }]));
}

// ---- defaults --------------------------------------------------------------------------------------------

/** The value of a column's DEFAULT as the catalog shows it (`'a''b'::character varying` → `a'b`, `5` → `5`). */
function storedDefault(expression: string | null): string | null {
  if (expression === null) return null;
  const quoted = /^'((?:[^']|'')*)'(?:::[a-z ]+(?:\(\d+(?:,\d+)?\))?)?$/.exec(expression);
  return quoted === null ? expression : (quoted[1] ?? '').replaceAll("''", "'");
}

/** The field's default as text (checked against its type by checkDefinition), or null. */
function wantedDefault(field: CgformField): string | null {
  const value = field.dbDefaultVal?.trim() ?? '';
  return value === '' || field.mainTable ? null : value;
}

function sameDefault(stored: string | null, wanted: string | null, spec: ColumnSpec): boolean {
  if (stored === null || wanted === null) return stored === wanted;
  if (spec.kind === 'integer' || spec.kind === 'numeric') return Number(stored) === Number(wanted);
  // The stored default carries its offset; the wanted one is the shop's wall clock.
  if (spec.kind === 'timestamptz') return instantOf(stored)?.getTime() === instantOf(wanted)?.getTime();
  return stored === wanted;
}

/** A default as a literal quoted by the database itself (quote_literal): user text never enters DDL unquoted. */
async function literalOf(db: Kysely<Database>, value: string): Promise<RawBuilder<unknown>> {
  const quoted = await sql<{ literal: string }>`select quote_literal(${value}::text) as literal`.execute(db);
  return sql.raw(quoted.rows[0]?.literal ?? 'null');
}

async function tableExists(db: Kysely<Database>, table: string): Promise<boolean> {
  const found = await sql<{ found: boolean }>`
    select exists(select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${table}) as found`.execute(db);
  return found.rows[0]?.found === true;
}

// ---- indexes -------------------------------------------------------------------------------------------

interface IndexRow {
  name: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
}

async function currentIndexes(db: Kysely<Database>, table: string): Promise<IndexRow[]> {
  const rows = await sql<IndexRow>`
    select c.relname as name, i.indisunique as unique, i.indisprimary as primary,
           array(
             select a.attname::text from unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             order by k.ord
           ) as columns
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = to_regclass(${table})`.execute(db);
  return rows.rows;
}

/** The indexes this synchroniser manages (and may drop): its own, and the unique keys createEntityTable made. */
const MANAGED_INDEX = /_(cgu|cgn|uq)$/;

function managedIndexName(table: string, columns: readonly string[], suffix: 'cgu' | 'cgn'): string {
  const plain = `${table}_${columns.join('_')}_${suffix}`;
  if (plain.length <= 63) return plain;
  return `${table.slice(0, 40)}_${createHash('sha1').update(plain).digest('hex').slice(0, 10)}_${suffix}`;
}

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((column, position) => b[position] === column);

// ---- statements ------------------------------------------------------------------------------------

/** Keeps the text of every DDL statement run through it (the sync log's `statements`). */
class StatementRecorder implements KyselyPlugin {
  readonly statements: string[] = [];
  readonly #compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.#compiler.compileQuery(args.node, args.queryId);
    if (/^\s*(create|alter|drop)\b/i.test(compiled.sql)) this.statements.push(compiled.sql.replace(/\s+/g, ' ').trim());
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Thrown inside the transaction to roll it back when something was refused. */
class Refused extends Error {}

interface SyncTarget {
  definition: CgformDefinition;
  entity: EntityDefinition;
}

async function syncTable(db: Kysely<Database>, target: SyncTarget, method: SyncMethod, refused: string[]): Promise<void> {
  const { entity, definition } = target;
  const table = entity.table;
  const t = sql.id(table);
  const fresh = !(await tableExists(db, table));
  if (fresh) await createEntityTable(db as unknown as Kysely<unknown>, entity);
  // A table made just now holds no data: every adjustment of it is safe.
  const force = fresh || method === 'force';
  const columns = await currentColumns(db, table);

  if (entity.tenantScoped === true && !columns.has('tenant_id')) {
    await sql`alter table ${t} add column tenant_id integer not null default 0`.execute(db);
  }

  for (const field of definition.fields) {
    const name = field.dbFieldName;
    const c = sql.id(name);
    const want = columnSpecOf(field);
    if (want.kind === 'other') continue;
    const have = columns.get(name);
    const defaultValue = wantedDefault(field);
    if (have === undefined) {
      // With its DEFAULT, the rows already there get the value (so a required column can be added to them).
      const withDefault = defaultValue === null ? sql`` : sql` default ${await literalOf(db, defaultValue)}`;
      await sql`alter table ${t} add column ${c} ${specSql(want)}${withDefault}`.execute(db);
    } else {
      let storedValue = have.defaultValue;
      if (!sameSpec(have.spec, want)) {
        if (force || widens(have.spec, want)) {
          // The old DEFAULT might not cast to the new type: it is set again below.
          if (storedValue !== null) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
          storedValue = null;
          await sql`alter table ${t} alter column ${c} type ${specSql(want)} using cast(${c} as ${specSql(want)})`.execute(db);
        } else refused.push(SYNC_MESSAGES.changeType(name, specText(have.spec), specText(want)));
      }
      if (!sameDefault(storedValue, defaultValue, want)) {
        if (defaultValue === null) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
        else await sql`alter table ${t} alter column ${c} set default ${await literalOf(db, defaultValue)}`.execute(db);
      }
    }
    const required = field.dbIsNull === 0 && !field.mainTable;
    const nullable = have?.nullable ?? true;
    if (required && nullable) {
      const nulls = await sql<{ found: boolean }>`select exists(select 1 from ${t} where ${c} is null) as found`.execute(db);
      if (nulls.rows[0]?.found === true) refused.push(SYNC_MESSAGES.hasNulls(name));
      else await sql`alter table ${t} alter column ${c} set not null`.execute(db);
    } else if (!required && !nullable) {
      await sql`alter table ${t} alter column ${c} drop not null`.execute(db);
    }
  }

  // A tree table's parent and has-children columns: the engine's, made here; rows that were there become roots.
  const tree = treeColumnsOf(definition.head);
  for (const [name, length] of tree === null ? [] : ([[tree.parent, 32], [tree.hasChild, 3]] as const)) {
    if (!columns.has(name)) await sql`alter table ${t} add column ${sql.id(name)} varchar(${sql.lit(length)}) default '0'`.execute(db);
  }

  const wanted = new Set([...definition.fields.map((field) => field.dbFieldName), ...(tree === null ? [] : [tree.parent, tree.hasChild])]);
  for (const name of columns.keys()) {
    if (wanted.has(name) || ENGINE_COLUMNS.has(name)) continue;
    if (force) await sql`alter table ${t} drop column ${sql.id(name)}`.execute(db);
    else refused.push(SYNC_MESSAGES.dropColumn(name));
  }

  // Indexes of the definition (within the tenant), and the sub table's link to its main table.
  const tenant = entity.tenantScoped === true ? ['tenant_id'] : [];
  const desired = definition.indexs.map((index) => ({ label: index.indexName, columns: [...tenant, ...indexColumns(index.indexField)], unique: index.indexType === 'unique' }));
  const link = foreignKeyField(definition);
  if (link !== undefined) desired.push({ label: link.dbFieldName, columns: [...tenant, link.dbFieldName], unique: false });
  // A tree lists one level at a time, by parent.
  if (tree !== null) desired.push({ label: tree.parent, columns: [...tenant, tree.parent], unique: false });
  const existing = await currentIndexes(db, table);
  for (const index of desired) {
    if (existing.some((row) => row.unique === index.unique && sameColumns(row.columns, index.columns))) continue;
    const ids = index.columns.map((column) => sql.id(column));
    if (index.unique) {
      const present = sql.join(index.columns.map((column) => sql`${sql.id(column)} is not null`), sql` and `);
      const duplicated = await sql<{ found: boolean }>`select exists(select 1 from ${t} where ${present} group by ${sql.join(ids)} having count(*) > 1) as found`.execute(db);
      if (duplicated.rows[0]?.found === true) {
        refused.push(SYNC_MESSAGES.duplicates(index.label));
        continue;
      }
    }
    const name = sql.id(managedIndexName(table, index.columns, index.unique ? 'cgu' : 'cgn'));
    if (index.unique) await sql`create unique index ${name} on ${t} (${sql.join(ids)})`.execute(db);
    else await sql`create index ${name} on ${t} (${sql.join(ids)})`.execute(db);
  }
  for (const row of existing) {
    if (row.primary || !MANAGED_INDEX.test(row.name)) continue;
    if (desired.some((index) => index.unique === row.unique && sameColumns(row.columns, index.columns))) continue;
    await sql`drop index ${sql.id(row.name)}`.execute(db);
  }
  // The list's own indexes (sorts and filters), idempotent.
  await createEntityIndexes(db as unknown as Kysely<unknown>, entity);
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Synchronises a form: a single table alone, a main table with all its sub tables (a sub table's head
 * synchronises its main table). Answers what ran or what was refused; the log row is written either way.
 */
export async function synchroniseForm(db: Kysely<Database>, headId: string, method: SyncMethod, username: string | null): Promise<CgformSyncResult> {
  const forms = cgformDb(db);
  let head = await headById(forms, headId);
  if (head === null) throw businessError(STORE_MESSAGES.notFound);
  if (head.table_type === 3) {
    const own = await definitionOf(forms, head.id);
    const mainTable = own === null ? undefined : (foreignKeyField(own)?.mainTable ?? undefined);
    const main = mainTable === undefined ? undefined : await forms.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', mainTable).executeTakeFirst();
    if (main === undefined) throw businessError(STORE_MESSAGES.mainNotFound(mainTable ?? ''));
    head = main;
  }
  const main = await definitionOf(forms, head.id);
  if (main === null) throw businessError(STORE_MESSAGES.notFound);
  const subs: CgformDefinition[] = [];
  if (main.head.tableType === 2) {
    for (const sub of await subHeadsOf(forms, main.head.tableName)) {
      const definition = await definitionOf(forms, sub.id);
      if (definition !== null) subs.push(definition);
    }
  }

  let entity: EntityDefinition;
  try {
    for (const definition of [main, ...subs]) {
      checkDefinition(definition);
      await checkFieldReferences(forms, definition, 'sync');
    }
    entity = parseEntityDefinition(JSON.parse(JSON.stringify(cgformEntity(main, subs))));
  } catch (error) {
    if (error instanceof CgformDefinitionError) throw businessError(error.message);
    throw businessError(SYNC_MESSAGES.badDefinition(errorMessage(error)));
  }
  const { children, ...mainEntity } = entity;
  const targets: SyncTarget[] = [{ definition: main, entity: mainEntity }];
  for (const sub of subs) {
    const child = children?.[cgformFieldKey(sub.head.tableName)];
    if (child !== undefined) targets.push({ definition: sub, entity: child.entity });
  }

  const mainId = head.id;
  const refused: string[] = [];
  let statements: string[] = [];
  try {
    await atomically(db, async (trx) => {
      // Synchronisations of the same form queue here; each compares with the catalog as the previous one left it.
      await cgformDb(trx).selectFrom('onl_cgform_head').select('id').where('id', '=', mainId).forUpdate().execute();
      const recorder = new StatementRecorder();
      const recorded = trx.withPlugin(recorder);
      for (const target of targets) await syncTable(recorded, target, method, refused);
      if (refused.length > 0) throw new Refused();
      statements = recorder.statements;
      const synced = cgformDb(trx);
      for (const target of targets) {
        const { id } = target.definition.head;
        if (id === undefined) continue;
        await synced
          .updateTable('onl_cgform_head')
          .set((eb) => ({ synced_definition: JSON.stringify(target.definition), synced_time: new Date(), sync_version: eb('sync_version', '+', 1), is_db_synch: 'Y' }))
          .where('id', '=', id)
          .execute();
      }
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    statements = [];
    if (!(error instanceof Refused)) refused.push(SYNC_MESSAGES.failed(errorMessage(error)));
  }
  await forms
    .insertInto('onl_cgform_sync_log')
    .values({ id: newId(), cgform_head_id: mainId, method, statements: JSON.stringify(statements), refused: JSON.stringify(refused), create_by: username })
    .execute();
  return { headId: mainId, method, statements, refused };
}

export interface SyncLogEntry extends CgformSyncResult {
  id: string;
  createBy: string | null;
  createTime: string;
}

/** Every synchronisation of a form (logged under its main table), newest first. */
export async function syncLog(db: CgformDb, headId: string): Promise<SyncLogEntry[]> {
  const rows = await db.selectFrom('onl_cgform_sync_log').selectAll().where('cgform_head_id', '=', headId).orderBy('seq', 'desc').limit(200).execute();
  return rows.map((row) => ({
    id: row.id,
    headId: row.cgform_head_id,
    method: row.method === 'force' ? 'force' : 'normal',
    statements: row.statements,
    refused: row.refused,
    createBy: row.create_by,
    createTime: formatShopTime(row.create_time),
  }));
}
