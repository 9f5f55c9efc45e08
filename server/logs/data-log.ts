import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { fitJson, fitText, SYS_DATA_LOG_LIMITS as LIMITS } from './log-tables';

import type { DataLogAction, FieldChange } from '../../src/contracts/data-log';

export type { DataLogAction, FieldChange };

export interface DataLogEntry {
  tenantId: number;
  table: string;
  dataId: string;
  action: DataLogAction;
  /** The record's field values after the change (before it, for a delete). */
  content: Record<string, unknown>;
  changes: FieldChange[];
  createBy: string | null;
}

/** A value longer than this (a rich description) is kept cut: the log is a history, not a backup. */
const MAX_VALUE_CHARS = 2000;

function kept(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  return value;
}

/**
 * The values of `fields` in a wire record (never a secret: password fields are not readable, so they are
 * not in the record), cut to a bounded length.
 */
export function snapshotOf(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, kept(record[field])]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose wire value differs between two snapshots, in field order. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[], label: (field: string) => string): FieldChange[] {
  return fields
    .filter((field) => field in after && !same(before[field], after[field]))
    .map((field) => ({ field, label: label(field), before: kept(before[field]), after: kept(after[field]) }));
}

/**
 * Writes one data-log row; its version is the record's next (1 for the first change logged). Rows of one
 * process are written in order (the log writer's queue), so versions follow the changes.
 */
export async function insertDataLog(db: Kysely<Database>, entry: DataLogEntry): Promise<void> {
  // Every value fitted to its column (log-tables.ts): a change's history is written whatever the record held.
  const table = fitText(entry.table, LIMITS.data_table);
  const dataId = fitText(entry.dataId, LIMITS.data_id);
  const createBy = entry.createBy === null ? null : fitText(entry.createBy, LIMITS.create_by);
  await sql`
    insert into sys_data_log (id, tenant_id, data_table, data_id, data_version, action, data_content, data_changes, create_by, create_time)
    select ${newId()}, ${entry.tenantId}, ${table}, ${dataId}, coalesce(max(data_version), 0) + 1, ${entry.action},
      cast(${JSON.stringify(fitJson(entry.content))} as jsonb), cast(${JSON.stringify(fitJson(entry.changes))} as jsonb), ${createBy}, now()
    from sys_data_log where data_table = ${table} and data_id = ${dataId}`.execute(db);
}
