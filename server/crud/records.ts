import { sql, type RawBuilder } from 'kysely';
import { AUDIT_FIELDS, DICT_TEXT_SUFFIX, columnOf, fieldEntries, isReadableField, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import type { DictItem } from '../../src/contracts/session';

/** Reading rows of an entity and turning them into wire records (camelCase, dict texts). */

export type Row = Record<string, unknown>;
export type WireRecord = Record<string, unknown>;
export type DictLookup = (code: string) => Promise<DictItem[] | null>;

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the server's local time (the wire format of the admin family). */
export function formatDateTime(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}

/** The select list: id, readable fields, audit columns and the tenant; date columns come back as text. */
export function selectColumnsSql(entity: EntityDefinition, options: { rows?: 'page' | 'one' } = {}): RawBuilder<unknown> {
  const columns: RawBuilder<unknown>[] = [sql.id('id')];
  for (const [name, field] of fieldEntries(entity)) {
    if (!isReadableField(field)) continue;
    // A page of rows (a list, an export) leaves out the large detail-only content.
    if (options.rows === 'page' && field.detailOnly === true) continue;
    const column = columnOf(entity, name);
    columns.push(field.type === 'date' ? sql`cast(${sql.id(column)} as text) as ${sql.id(column)}` : sql.id(column));
  }
  for (const column of Object.values(AUDIT_FIELDS)) columns.push(sql.id(column));
  if (entity.tenantScoped) columns.push(sql.id('tenant_id'));
  return sql.join(columns);
}

function wireValue(field: FieldDefinition | null, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatDateTime(value);
  if (field !== null && (field.type === 'decimal' || field.type === 'int') && typeof value === 'string') return Number(value);
  return value;
}

/** Texts of a (possibly comma-joined) dictionary value; unknown values show as themselves. */
export function dictText(items: readonly DictItem[], value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value)
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
  for (const [name, field] of fieldEntries(entity)) {
    if (!isReadableField(field)) continue;
    const column = columnOf(entity, name);
    // Not read (a detail-only field of a list page): left out rather than shown as empty.
    if (!(column in row)) continue;
    const value = wireValue(field, row[column]);
    record[name] = value;
    if (field.dict !== undefined) record[`${name}${DICT_TEXT_SUFFIX}`] = dictText(dictionaries.get(field.dict) ?? [], value);
  }
  for (const [name, column] of Object.entries(AUDIT_FIELDS)) record[name] = wireValue(null, row[column]);
  if (entity.tenantScoped) record.tenantId = row.tenant_id;
  return record;
}
