import { moveRow as moveRowInList, rewriteOrder } from './drag-sort';
import { ColumnAggregates } from './statistics';
import type { Row, StatisticKind } from './types';
import type { CellErrors } from './validate';

type Listener = () => void;

export const ROW_HIGHLIGHT_MS = 1400;

const cellKey = (id: string, key: string) => `${id}\u0000${key}`;

function addListener(map: Map<string, Set<Listener>>, key: string, listener: Listener): () => void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}

function emit(map: Map<string, Set<Listener>>, key: string): void {
  const set = map.get(key);
  if (set !== undefined) for (const listener of [...set]) listener();
}

/**
 * The table's rows outside React. Each cell subscribes to its own value and error, so typing in a cell
 * re-renders that cell only; the row list (add/remove/move) and each column's statistics have their own
 * subscriptions.
 */
export class RowStore {
  private rows: Row[] = [];
  private positions = new Map<string, number>();
  private errors: CellErrors = new Map();
  private selected = new Set<string>();
  private highlighted = new Set<string>();
  private listVersion = 0;
  private selectionVersion = 0;
  private readonly cellListeners = new Map<string, Set<Listener>>();
  private readonly columnListeners = new Map<string, Set<Listener>>();
  private readonly rowListeners = new Map<string, Set<Listener>>();
  private readonly listListeners = new Set<Listener>();
  private readonly selectionListeners = new Set<Listener>();
  private editListener: Listener | null = null;
  private readonly aggregates = new ColumnAggregates(() => this.rows);

  constructor(
    rows: readonly Row[] = [],
    private readonly orderKey: string | null = null,
  ) {
    this.replaceRows(rows);
  }

  private replaceRows(rows: readonly Row[]): void {
    this.rows = this.orderKey !== null ? rewriteOrder(rows, this.orderKey) : [...rows];
    this.positions = new Map(this.rows.map((row, index) => [row.id, index]));
    this.aggregates.reset();
  }

  private listChanged(): void {
    this.listVersion += 1;
    for (const listener of [...this.listListeners]) listener();
    for (const key of this.columnListeners.keys()) emit(this.columnListeners, key);
  }

  /** Told of every change the user makes (a cell, rows added, removed or moved); never of setRows or a live patch. */
  onEdit(listener: Listener | null): void {
    this.editListener = listener;
  }

  /** A change made on the user's behalf outside the methods below (a popup filling cells). */
  edited(): void {
    this.editListener?.();
  }

  getRows(): readonly Row[] {
    return this.rows;
  }

  getListVersion(): number {
    return this.listVersion;
  }

  getRow(id: string): Row | undefined {
    const index = this.positions.get(id);
    return index === undefined ? undefined : this.rows[index];
  }

  indexOf(id: string): number {
    return this.positions.get(id) ?? -1;
  }

  getCell(id: string, key: string): unknown {
    return this.getRow(id)?.[key];
  }

  setCell(id: string, key: string, value: unknown): void {
    if (this.writeCell(id, key, value)) emit(this.cellListeners, cellKey(id, key));
  }

  /**
   * A keystroke a text cell's own input already shows: stored, counted and told to the column (footer)
   * and the form, but the cell is not told, so typing re-renders no cell host, only the input itself.
   */
  typeCell(id: string, key: string, value: unknown): void {
    this.writeCell(id, key, value);
  }

  private writeCell(id: string, key: string, value: unknown): boolean {
    const index = this.positions.get(id);
    const row = index === undefined ? undefined : this.rows[index];
    if (index === undefined || row === undefined || Object.is(row[key], value)) return false;
    this.rows[index] = { ...row, [key]: value };
    this.aggregates.changed(key, row[key], value);
    emit(this.columnListeners, key);
    this.edited();
    return true;
  }

  /** Applies the changed fields of `patch` to the row with the same id; false when there is none. */
  patchRow(patch: Partial<Row> & { id: string }): boolean {
    const index = this.positions.get(patch.id);
    const row = index === undefined ? undefined : this.rows[index];
    if (index === undefined || row === undefined) return false;
    const changed = Object.keys(patch).filter((key) => key !== 'id' && !Object.is(row[key], patch[key]));
    if (changed.length === 0) return true;
    this.rows[index] = { ...row, ...patch, id: row.id };
    for (const key of changed) {
      this.aggregates.changed(key, row[key], patch[key]);
      emit(this.cellListeners, cellKey(row.id, key));
      emit(this.columnListeners, key);
    }
    return true;
  }

  setRows(rows: readonly Row[]): void {
    this.replaceRows(rows);
    this.errors = new Map();
    this.selected.clear();
    this.selectionVersion += 1;
    this.listChanged();
    for (const listener of [...this.selectionListeners]) listener();
    // Rows that keep their id may hold new values (and no errors now): every mounted cell and row
    // re-reads. Only the rendered (virtualised) cells subscribe, so this stays cheap.
    for (const key of [...this.cellListeners.keys()]) emit(this.cellListeners, key);
    for (const key of [...this.rowListeners.keys()]) emit(this.rowListeners, key);
  }

  /** Inserts rows at `index` (default: the end). */
  insertRows(rows: readonly Row[], index: number = this.rows.length): void {
    const at = Math.max(0, Math.min(index, this.rows.length));
    this.replaceRows([...this.rows.slice(0, at), ...rows, ...this.rows.slice(at)]);
    this.listChanged();
    if (rows.length > 0) this.edited();
  }

  removeRows(ids: readonly string[]): void {
    const gone = new Set(ids);
    this.replaceRows(this.rows.filter((row) => !gone.has(row.id)));
    for (const id of ids) {
      this.errors.delete(id);
      this.selected.delete(id);
    }
    this.selectionVersion += 1;
    this.listChanged();
    for (const listener of [...this.selectionListeners]) listener();
    if (ids.length > 0) this.edited();
  }

  moveRow(from: number, to: number): void {
    this.replaceRows(moveRowInList(this.rows, from, to, this.orderKey ?? undefined));
    this.listChanged();
    if (from !== to) this.edited();
  }

  /** The footer figure of a column (合计 / 平均), kept per edit. */
  statistic(key: string, kind: StatisticKind): number {
    return this.aggregates.statistic(key, kind);
  }

  /** How many rows hold each non-empty value of a column (the unique rule), kept per edit. */
  valueCounts(key: string): ReadonlyMap<string, number> {
    return this.aggregates.valueCounts(key);
  }

  subscribeList(listener: Listener): () => void {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  }

  subscribeCell(id: string, key: string, listener: Listener): () => void {
    return addListener(this.cellListeners, cellKey(id, key), listener);
  }

  subscribeColumn(key: string, listener: Listener): () => void {
    return addListener(this.columnListeners, key, listener);
  }

  getError(id: string, key: string): string | undefined {
    return this.errors.get(id)?.get(key);
  }

  setCellError(id: string, key: string, message: string | null): void {
    const current = this.getError(id, key);
    if ((current ?? null) === message) return;
    let rowErrors = this.errors.get(id);
    if (message === null) rowErrors?.delete(key);
    else {
      if (rowErrors === undefined) {
        rowErrors = new Map();
        this.errors.set(id, rowErrors);
      }
      rowErrors.set(key, message);
    }
    emit(this.cellListeners, cellKey(id, key));
  }

  /** Replaces every error at once and tells only the cells whose error changed. */
  setErrors(next: CellErrors): void {
    const previous = this.errors;
    this.errors = next;
    for (const [id, rowErrors] of previous) {
      for (const [key, message] of rowErrors) if (next.get(id)?.get(key) !== message) emit(this.cellListeners, cellKey(id, key));
    }
    for (const [id, rowErrors] of next) {
      for (const [key, message] of rowErrors) if (previous.get(id)?.get(key) !== message) emit(this.cellListeners, cellKey(id, key));
    }
  }

  errorCount(): number {
    let count = 0;
    for (const rowErrors of this.errors.values()) count += rowErrors.size;
    return count;
  }

  isSelected(id: string): boolean {
    return this.selected.has(id);
  }

  getSelectedIds(): string[] {
    return this.rows.filter((row) => this.selected.has(row.id)).map((row) => row.id);
  }

  getSelectionVersion(): number {
    return this.selectionVersion;
  }

  setSelected(id: string, selected: boolean): void {
    if (selected === this.selected.has(id)) return;
    if (selected) this.selected.add(id);
    else this.selected.delete(id);
    this.selectionVersion += 1;
    emit(this.rowListeners, id);
    for (const listener of [...this.selectionListeners]) listener();
  }

  selectAll(selected: boolean): void {
    for (const row of this.rows) {
      if (selected !== this.selected.has(row.id)) {
        if (selected) this.selected.add(row.id);
        else this.selected.delete(row.id);
        emit(this.rowListeners, row.id);
      }
    }
    this.selectionVersion += 1;
    for (const listener of [...this.selectionListeners]) listener();
  }

  subscribeSelection(listener: Listener): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  /** Row-level state (selection, reload highlight). */
  subscribeRow(id: string, listener: Listener): () => void {
    return addListener(this.rowListeners, id, listener);
  }

  isHighlighted(id: string): boolean {
    return this.highlighted.has(id);
  }

  /** Marks a reloaded row for 1.4 s (docs/spec.md §9). */
  highlight(id: string, durationMs: number = ROW_HIGHLIGHT_MS): void {
    this.highlighted.add(id);
    emit(this.rowListeners, id);
    setTimeout(() => {
      this.highlighted.delete(id);
      emit(this.rowListeners, id);
    }, durationMs);
  }
}
