/** The data log (数据日志): the history of a record written through the CRUD engine, as the server answers it. */

export type DataLogAction = 'add' | 'edit' | 'delete';

export interface FieldChange {
  field: string;
  /** The field's label in the product language when the change was made (the log screen names tables only). */
  label: string;
  before: unknown;
  after: unknown;
  /**
   * What the values read as, when the field holds a dictionary code or another record's id (`status: 1` → 启用, a
   * member's id → its name and mobile), named when the history is read, as lists name them (`_dictText`, `_refText`).
   */
  beforeText?: string | null;
  afterText?: string | null;
}

/** What a version's values read as, by field: only the fields that hold a dictionary code or a reference. */
export type LoggedTexts = Record<string, string>;

/** One version of a record, newest first in a history. */
export interface DataLogVersion {
  id: string;
  dataVersion: number;
  action: DataLogAction;
  createBy: string | null;
  createTime: string;
  changes: FieldChange[];
  /** The record's field values after the change (before it, for a delete). */
  content: Record<string, unknown>;
  /** What `content`'s codes and ids read as. */
  contentText?: LoggedTexts;
}

/** The data log list's row (数据日志) carries the same: `changes` named in its `dataChanges`, and this beside it. */
export const DATA_CONTENT_TEXT = 'dataContentText';
/** …and what the logged record is: its entity's title (a locale key) and the record's name (its name field, named). */
export const DATA_ENTITY_TITLE = 'dataEntityTitle';
export const DATA_RECORD_NAME = 'dataRecordName';

/** GET with `dataTable` and `dataId`: the record's versions, newest first; readable with the entity's list permission. */
export const DATA_LOG_HISTORY_PATH = '/sys/dataLog/history';

/** A logged JSON column as its value (an object from the database; text if it ever arrives serialised). */
export function storedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** Whether a logged entry is a field change. */
export const isFieldChange = (value: unknown): value is FieldChange => typeof value === 'object' && value !== null && typeof (value as { field?: unknown }).field === 'string';
