import type { RowStore } from './row-store';
import type { Row } from './types';

/** A live update (`update_vxe_table`): patches the row with the same id and flashes it; false if absent. */
export function applyRowUpdate(store: RowStore, row: Partial<Row> & { id: string }): boolean {
  const applied = store.patchRow(row);
  if (applied) store.highlight(row.id);
  return applied;
}

function isRowPatch(value: unknown): value is Partial<Row> & { id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * Handles one vxeSocket frame (docs/reference/jeecg-conventions.md §6.5): `update_vxe_table` with the table's socketKey from
 * another page (different caseId) patches the row. Unparsable or unknown frames are only logged.
 */
export function handleTableSocketMessage(store: RowStore, raw: string, socketKey: string, caseId: string): boolean {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    console.warn('vxeSocket: unparsable message', raw);
    return false;
  }
  if (typeof message !== 'object' || message === null) return false;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (type !== 'update_vxe_table') {
    if (type !== 'heart_beat' && type !== 'common_send_date') console.warn('vxeSocket: unknown message', type);
    return false;
  }
  if (typeof data !== 'object' || data === null) return false;
  const { socketKey: key, args } = data as { socketKey?: unknown; args?: unknown };
  if (key !== socketKey || !Array.isArray(args)) return false;
  const [row, sender] = args as unknown[];
  if (sender === caseId || !isRowPatch(row)) return false;
  return applyRowUpdate(store, row);
}

/** What the table needs of the live hub (src/providers/live): one subscription per key, and publishing. */
export interface TableSocketHub {
  subscribeRows(socketKey: string, handler: (row: { id: string | number } & Record<string, unknown>) => void): () => void;
  publishRow(socketKey: string, row: { id: string | number } & Record<string, unknown>): void;
}

/**
 * One handler for the whole table (never one per row): a row another page publishes on `socketKey`
 * patches the row with the same id and flashes it; other rows, and their unsaved edits, stay as they are.
 */
export function connectTableSocket(store: RowStore, socketKey: string, hub: TableSocketHub): () => void {
  return hub.subscribeRows(socketKey, (row) => {
    if (isRowPatch(row)) applyRowUpdate(store, row);
  });
}

/** Tells the other pages on `socketKey` that this row was saved (they patch their copy); false when it was not sent. */
export function publishTableRow(store: RowStore, socketKey: string, id: string, hub: TableSocketHub | null, toSaved: (row: Row) => Row = (row) => row): boolean {
  const row = store.getRow(id);
  if (hub === null || row === undefined) return false;
  hub.publishRow(socketKey, toSaved(row));
  return true;
}
