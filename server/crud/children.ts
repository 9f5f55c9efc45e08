import { sql, type Kysely } from 'kysely';
import { childEntries, columnOf, DEFAULT_MAX_CHILD_ROWS, type ChildDefinition, type EntityDefinition } from '../../src/contracts/entity';
import type { DictItem } from '../../src/contracts/session';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { ID_PATTERN } from '../http/schemas';
import { fieldLabeller, type LabelResolver } from './labels';
import { selectColumnsSql, toRecord, type DictLookup, type Row, type WireRecord } from './records';
import { validateInput, type FieldValues, type ValidationIssue } from './validate';

/**
 * Master-detail in the engine: the rows a record owns (`EntityDefinition.children`) arrive in the record's add/edit
 * body, are validated like any record of their own definition, and are saved with the record in its transaction —
 * the body's rows replace the stored ones (kept by id, others added, the missing removed).
 */

export interface ChildRowInput {
  /** The stored row's id when the client edits one it read; absent (or unknown) for a new row. */
  id?: string;
  values: FieldValues;
}

export interface ChildRowSet {
  key: string;
  child: ChildDefinition;
  rows: ChildRowInput[];
}

export const msgTooManyRows = (title: string, max: number) => `${title}最多${max}行`;
export const msgChildRowsInvalid = (title: string) => `${title}的数据格式不正确`;
export const msgChildRowIssue = (title: string, row: number, message: string) => `${title}第${row}行：${message}`;

/**
 * The child rows of a body, each validated as a whole row of its definition (the foreign key is the engine's);
 * a child key missing from the body (an edit that leaves them alone) is left out.
 */
export async function validateChildren(entity: EntityDefinition, body: unknown, options: { labels?: LabelResolver; dictItems: DictLookup }): Promise<{ sets: ChildRowSet[]; issues: ValidationIssue[] }> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const sets: ChildRowSet[] = [];
  const issues: ValidationIssue[] = [];
  for (const [key, child] of childEntries(entity)) {
    if (!Object.prototype.hasOwnProperty.call(input, key)) continue;
    const title = options.labels?.(child.label) ?? key;
    const raw = input[key];
    if (!Array.isArray(raw)) {
      issues.push({ field: key, message: msgChildRowsInvalid(title) });
      continue;
    }
    const max = child.max ?? DEFAULT_MAX_CHILD_ROWS;
    if (raw.length > max) {
      issues.push({ field: key, message: msgTooManyRows(title, max) });
      continue;
    }
    const label = fieldLabeller(child.entity, options.labels);
    const rows: ChildRowInput[] = [];
    for (const [index, row] of raw.entries()) {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        issues.push({ field: key, message: msgChildRowIssue(title, index + 1, msgChildRowsInvalid(title)) });
        continue;
      }
      // The parent's id is the engine's to set, whatever the client sent.
      const fields = Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([name]) => name !== child.foreignKey));
      const result = await validateInput(child.entity, fields, { mode: 'add', label, dictItems: options.dictItems });
      const first = result.issues[0];
      if (first !== undefined) {
        issues.push({ field: key, message: msgChildRowIssue(title, index + 1, first.message) });
        continue;
      }
      const id = typeof fields.id === 'string' && ID_PATTERN.test(fields.id) ? fields.id : undefined;
      rows.push({ ...(id !== undefined ? { id } : {}), values: result.values });
    }
    sets.push({ key, child, rows });
  }
  return { sets, issues };
}

const childTable = (child: ChildDefinition) => sql.id(child.entity.table);
const parentCondition = (child: ChildDefinition, parentId: string, tenantId: number | null) => {
  const conditions = [sql`${sql.id(columnOf(child.entity, child.foreignKey))} = ${parentId}`];
  if (child.entity.tenantScoped) conditions.push(sql`${sql.id('tenant_id')} = ${tenantId ?? 0}`);
  return sql.join(conditions, sql` and `);
};

/**
 * Makes the stored rows of each set exactly the body's (call inside the parent's transaction): rows whose id is
 * stored are updated, the others inserted in order, the stored rows the body no longer has deleted.
 */
export async function saveChildren(trx: Kysely<Database>, parentId: string, sets: readonly ChildRowSet[], stamp: { tenantId: number | null; username: string | null }): Promise<void> {
  for (const { child, rows } of sets) {
    const where = parentCondition(child, parentId, stamp.tenantId);
    const stored = await sql<{ id: string }>`select id from ${childTable(child)} where ${where}`.execute(trx);
    const storedIds = new Set(stored.rows.map((row) => row.id));
    const kept = rows.flatMap((row) => (row.id !== undefined && storedIds.has(row.id) ? [row.id] : []));
    if (kept.length > 0) await sql`delete from ${childTable(child)} where ${where} and id not in (${sql.join(kept)})`.execute(trx);
    else await sql`delete from ${childTable(child)} where ${where}`.execute(trx);
    for (const row of rows) {
      const entries = Object.entries(row.values).map(([name, value]) => [columnOf(child.entity, name), value] as const);
      if (row.id !== undefined && storedIds.has(row.id)) {
        if (entries.length === 0) continue;
        const assignments = [...entries.map(([column, value]) => sql`${sql.id(column)} = ${value}`), sql`update_by = ${stamp.username}`, sql`update_time = now()`];
        await sql`update ${childTable(child)} set ${sql.join(assignments)} where ${where} and id = ${row.id}`.execute(trx);
        continue;
      }
      const columns = ['id', columnOf(child.entity, child.foreignKey), ...entries.map(([column]) => column), 'create_by', 'create_time'];
      // clock_timestamp(): each row a later time than the one before, so the rows read back in the order given.
      const values = [sql`${newId()}`, sql`${parentId}`, ...entries.map(([, value]) => sql`${value}`), sql`${stamp.username}`, sql`clock_timestamp()`];
      if (child.entity.tenantScoped) {
        columns.push('tenant_id');
        values.push(sql`${stamp.tenantId ?? 0}`);
      }
      await sql`insert into ${childTable(child)} (${sql.join(columns.map((column) => sql.id(column)))}) values (${sql.join(values)})`.execute(trx);
    }
  }
}

/** Removes the rows of every child table of the given parents (a hard delete of the parents). */
export async function deleteChildren(trx: Kysely<Database>, entity: EntityDefinition, parentIds: readonly string[], tenantId: number | null): Promise<void> {
  if (parentIds.length === 0) return;
  for (const [, child] of childEntries(entity)) {
    const conditions = [sql`${sql.id(columnOf(child.entity, child.foreignKey))} in (${sql.join(parentIds)})`];
    if (child.entity.tenantScoped) conditions.push(sql`${sql.id('tenant_id')} = ${tenantId ?? 0}`);
    await sql`delete from ${childTable(child)} where ${sql.join(conditions, sql` and `)}`.execute(trx);
  }
}

/** Each child table's rows of one parent as wire records, in the order they were given. */
export async function readChildren(db: Kysely<Database>, entity: EntityDefinition, parentId: string, tenantId: number | null, dictionariesOf: (child: EntityDefinition) => Promise<Map<string, DictItem[]>>): Promise<Record<string, WireRecord[]>> {
  const result: Record<string, WireRecord[]> = {};
  for (const [key, child] of childEntries(entity)) {
    const rows = await sql<Row>`select ${selectColumnsSql(child.entity)} from ${childTable(child)} where ${parentCondition(child, parentId, tenantId)} order by create_time, id`.execute(db);
    const dictionaries = await dictionariesOf(child.entity);
    result[key] = rows.rows.map((row) => toRecord(child.entity, row, dictionaries));
  }
  return result;
}
