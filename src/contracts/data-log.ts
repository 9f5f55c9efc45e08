/** The data log (数据日志): the history of a record written through the CRUD engine, as the server answers it. */

export type DataLogAction = 'add' | 'edit' | 'delete';

export interface FieldChange {
  field: string;
  /** The field's label in the product language when the change was made (the log screen names tables only). */
  label: string;
  before: unknown;
  after: unknown;
}

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
}

/** GET with `dataTable` and `dataId`: the record's versions, newest first; readable with the entity's list permission. */
export const DATA_LOG_HISTORY_PATH = '/sys/dataLog/history';
