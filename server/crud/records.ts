import { sql, type RawBuilder } from 'kysely';
import { AUDIT_FIELDS, DICT_TEXT_SUFFIX, ROW_VERSION_FIELD, columnOf, fieldEntries, isReadableField, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import type { DictItem } from '../../src/contracts/session';
import { formatShopTime } from '../time/shop-time';
import { ROW_VERSION_COLUMN, rowVersionSelect } from './row-version';

/** Reading rows of an entity and turning them into wire records (camelCase, dict texts). */

export type Row = Record<string, unknown>;
export type WireRecord = Record<string, unknown>;
/**
 * How a read outside the engine's routes names what its records hold: a dictionary's items by code (the caller's
 * tenant's, for tenant-scoped table dictionaries) and, when given, the labels of the records' references
 * (server/crud/references.ts: `ReferenceService.lookupFor`).
 */
export type DictLookup = ((code: string) => Promise<DictItem[] | null>) & {
  readonly references?: (entity: EntityDefinition, records: readonly WireRecord[]) => Promise<void>;
};


interface ReadableColumn {
  name: string;
  column: string;
  field: FieldDefinition;
  /** A dictionary field's dictionary and the key of the text beside its value (`status_dictText`). */
  dict: { code: string; textKey: string } | null;
}

const readableColumnsOf = new WeakMap<EntityDefinition, readonly ReadableColumn[]>();

/**
 * The readable fields of an entity with their columns, worked out once per definition: every row of every
 * page goes through them, and working them out per row was most of what a list request allocated.
 * Definitions are never changed once built (a form's new version is a new definition object).
 */
function readableColumns(entity: EntityDefinition): readonly ReadableColumn[] {
  let columns = readableColumnsOf.get(entity);
  if (columns === undefined) {
    columns = fieldEntries(entity)
      .filter(([, field]) => isReadableField(field))
      .map(([name, field]) => ({ name, column: columnOf(entity, name), field, dict: field.dict === undefined ? null : { code: field.dict, textKey: `${name}${DICT_TEXT_SUFFIX}` } }));
    readableColumnsOf.set(entity, columns);
  }
  return columns;
}

const AUDIT_ENTRIES = Object.entries(AUDIT_FIELDS);

const selectListsOf = new WeakMap<EntityDefinition, Map<'page' | 'one', RawBuilder<unknown>>>();

/** The select list: id, readable fields, audit columns, the row's version and the tenant; date columns come back as text. */
export function selectColumnsSql(entity: EntityDefinition, options: { rows?: 'page' | 'one' } = {}): RawBuilder<unknown> {
  const rows = options.rows ?? 'one';
  let lists = selectListsOf.get(entity);
  if (lists === undefined) selectListsOf.set(entity, (lists = new Map()));
  let list = lists.get(rows);
  // Built once per definition and kind: a raw builder is immutable, so every query may share it.
  if (list === undefined) lists.set(rows, (list = buildSelectList(entity, rows)));
  return list;
}

function buildSelectList(entity: EntityDefinition, rows: 'page' | 'one'): RawBuilder<unknown> {
  const columns: RawBuilder<unknown>[] = [sql.id('id')];
  for (const { column, field } of readableColumns(entity)) {
    // A page of rows (a list, an export) leaves out the large detail-only content.
    if (rows === 'page' && field.detailOnly === true) continue;
    columns.push(field.type === 'date' ? sql`cast(${sql.id(column)} as text) as ${sql.id(column)}` : sql.id(column));
  }
  for (const column of Object.values(AUDIT_FIELDS)) columns.push(sql.id(column));
  columns.push(rowVersionSelect());
  if (entity.tenantScoped) columns.push(sql.id('tenant_id'));
  return sql.join(columns);
}

function wireValue(field: FieldDefinition | null, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatShopTime(value);
  if (field !== null && field.type === 'int' && typeof value === 'string') return Number(value);
  if (field !== null && field.type === 'decimal' && typeof value === 'string') return decimalOnWire(value);
  return value;
}

/**
 * A numeric column's text as a JSON number when a number holds it exactly (up to 15 significant digits: every shop's
 * amount), else the text itself, so that no digit is lost on the way to a form and back (the client reads both).
 */
function decimalOnWire(text: string): number | string {
  const significant = text.replace(/[-+.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return significant.length <= 15 ? Number(text) : text;
}

/** Texts of a (possibly comma-joined) dictionary value; unknown values show as themselves. */
export function dictText(items: readonly DictItem[], value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  if (!text.includes(',')) return items.find((item) => item.value === text)?.text ?? text;
  return text
    .split(',')
    .map((part) => items.find((item) => item.value === part)?.text ?? part)
    .join(',');
}

export async function loadDictionaries(entity: EntityDefinition, lookup: DictLookup): Promise<Map<string, DictItem[]>> {
  const codes = new Set(fieldEntries(entity).flatMap(([, field]) => (field.dict !== undefined ? [field.dict] : [])));
  const dictionaries = new Map<string, DictItem[]>();
  for (const code of codes) dictionaries.set(code, (await lookup(code)) ?? []);
  return dictionaries;
}

export function toRecord(entity: EntityDefinition, row: Row, dictionaries: Map<string, DictItem[]>): WireRecord {
  const record: WireRecord = { id: row.id };
  for (const { name, column, field, dict } of readableColumns(entity)) {
    // Not read (a detail-only field of a list page): left out rather than shown as empty.
    if (!(column in row)) continue;
    const value = wireValue(field, row[column]);
    record[name] = value;
    if (dict !== null) record[dict.textKey] = dictText(dictionaries.get(dict.code) ?? [], value);
  }
  for (const [name, column] of AUDIT_ENTRIES) record[name] = wireValue(null, row[column]);
  if (ROW_VERSION_COLUMN in row) record[ROW_VERSION_FIELD] = row[ROW_VERSION_COLUMN];
  if (entity.tenantScoped) record.tenantId = row.tenant_id;
  return record;
}
