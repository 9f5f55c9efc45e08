import { ArrowDownOutlined, ArrowUpOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { App, Button, Checkbox, Popover, theme } from 'antd';
import { memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { randomId } from '../utils/random-id';
import { CellHost } from './cell-host';
import { DEFAULT_CUSTOM_VALUE } from './cells/choice-cells';
import { TextInputClassContext, useTextInputClass } from './cells/text-input-class';
import { uploadCellPath } from './cells/upload-cell';
import { DEFAULT_DRAG_SORT_KEY } from './drag-sort';
import { EnhanceHistory } from './enhance-history';
import { displayRowKey } from './row-key';
import { RowStore } from './row-store';
import { getLiveHub } from '../../providers/live/live-session';
import { applyRowUpdate, connectTableSocket, handleTableSocketMessage, publishTableRow } from './socket-row-update';
import { openWithRetry } from './sub-table-retry';
import { RowDragContext, RowDragHandle, rowDragView, useRowDragState } from './row-drag';
import type { EditableColumn, Row, StatisticKind } from './types';
import { compileColumns, validateRows, type CompiledColumns } from './validate';
import './editable-table.css';

export const ROW_HEIGHT = 46;
export const HEADER_HEIGHT = 40;
export const SERIAL_COLUMN_WIDTH = 60;
export const CHECKBOX_COLUMN_WIDTH = 40;
export const CHECKBOX_COLUMN_WIDTH_WITH_FOOTER = 60;
const DRAG_COLUMN_WIDTH = 84;
const EXPAND_COLUMN_WIDTH = 40;
const DEFAULT_COLUMN_WIDTH = 160;

export interface ValidationResult {
  errors: number;
  elapsedMs: number;
}

export interface EditableTableApi {
  getRows(): readonly Row[];
  /** Rows as saved (upload cells give their path); validates every row first unless told not to. */
  getValues(options?: { validate?: boolean }): { errors: number; values: Row[] };
  validate(): ValidationResult;
  setRows(rows: readonly Row[]): void;
  /** Adds rows (default: one empty row) at `index` or the end; returns the new ids. */
  addRows(rows?: Partial<Row>[], index?: number): string[];
  removeRows(ids: readonly string[]): void;
  removeSelected(): void;
  getSelectedIds(): string[];
  moveRow(from: number, to: number): void;
  /** `update_vxe_table`: patches the row with the same id (and flashes it). */
  applyRowUpdate(row: Partial<Row> & { id: string }): boolean;
  handleSocketMessage(raw: string, socketKey: string, caseId: string): boolean;
  /** With a `socketKey`: tells the other pages on it that this row was saved; false when not sent. */
  publishRow(id: string): boolean;
  highlightRow(id: string): void;
  openSubTable(id: string): Promise<boolean>;
  scrollToRow(index: number): void;
  readonly enhanceHistory: EnhanceHistory;
}

export interface EditableTableProps {
  columns: readonly EditableColumn[];
  dataSource?: readonly Row[];
  /** Height of the scrolling area in px. */
  height?: number;
  rowSelection?: boolean;
  dragSort?: boolean;
  dragSortKey?: string;
  renderSubTable?: (row: Row) => ReactNode;
  /** Live rows (vxeSocket `update_vxe_table`): rows other pages publish on this key patch this table. */
  socketKey?: string;
  ref?: Ref<EditableTableApi>;
  'aria-label'?: string;
  /** Every change the user makes to the rows (a form around the table then knows it has unsaved changes). */
  onEdit?: () => void;
}

interface Layout {
  template: string;
  width: number;
}

function defaultRow(columns: readonly EditableColumn[], given: Partial<Row> = {}): Row {
  const row: Row = { id: randomId() };
  for (const column of columns) {
    if (column.type === 'checkbox') {
      const [checked, unchecked] = column.customValue ?? DEFAULT_CUSTOM_VALUE;
      row[column.key] = column.defaultChecked ? checked : unchecked;
    } else if (column.defaultValue !== undefined) row[column.key] = column.defaultValue;
  }
  return { ...row, ...given, id: typeof given.id === 'string' && given.id !== '' ? given.id : row.id };
}

function savedRow(row: Row, uploadKeys: readonly string[]): Row {
  if (uploadKeys.length === 0) return { ...row };
  const copy: Row = { ...row };
  for (const key of uploadKeys) copy[key] = uploadCellPath(row[key]);
  return copy;
}

function useStatistic(store: RowStore, key: string, kind: StatisticKind): number {
  const [value, setValue] = useState(() => store.statistic(key, kind));
  useEffect(() => {
    const update = () => setValue(store.statistic(key, kind));
    update();
    return store.subscribeColumn(key, update);
  }, [store, key, kind]);
  return value;
}

function StatisticCell({ store, column, kind }: { store: RowStore; column: EditableColumn; kind: StatisticKind }) {
  const value = useStatistic(store, column.key, kind);
  return (
    <div className="mbo-et-td" data-statistic={`${kind}:${column.key}`}>
      {value}
    </div>
  );
}

function useRowState(store: RowStore, id: string): { selected: boolean; highlighted: boolean } {
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  const snapshot = useSyncExternalStore(subscribe, () => `${store.isSelected(id) ? 1 : 0}${store.isHighlighted(id) ? 1 : 0}`);
  return { selected: snapshot[0] === '1', highlighted: snapshot[1] === '1' };
}

interface TableRowProps {
  store: RowStore;
  id: string;
  index: number;
  start: number;
  layout: Layout;
  columns: readonly EditableColumn[];
  compiled: CompiledColumns;
  rowSelection: boolean;
  checkboxWidth: number;
  dragSort: boolean;
  subTable: ((row: Row) => ReactNode) | undefined;
  subTableOpen: boolean;
  onToggleSubTable: (id: string) => void;
  rowCount: number;
}

const TableRow = memo(function TableRow(props: TableRowProps) {
  const { store, id, index, start, layout, columns, compiled, rowSelection, dragSort, subTable, subTableOpen, onToggleSubTable, rowCount } = props;
  const { t } = useTranslation('toolkit');
  const { selected, highlighted } = useRowState(store, id);
  const drag = useRowDragState();
  const dragView = rowDragView(drag, id, index, drag === null ? -1 : store.indexOf(drag.id));
  const style: CSSProperties = { gridTemplateColumns: layout.template, width: layout.width, height: ROW_HEIGHT, position: 'absolute', top: start, left: 0 };
  if (dragView.offsetY !== null) style.transform = `translateY(${dragView.offsetY}px)`;
  const row = store.getRow(id);
  return (
    <div
      className="mbo-et-row"
      role="row"
      aria-rowindex={index + 2}
      data-row-id={id}
      data-selected={selected}
      data-highlight={highlighted}
      data-dragging={dragView.offsetY !== null || undefined}
      data-drop-target={dragView.drop ?? undefined}
      style={style}
    >
      {dragSort && (
        <div className="mbo-et-td mbo-et-fixed">
          <RowDragHandle id={id} />
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('table.moveUp')} onClick={() => store.moveRow(index, index - 1)} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === rowCount - 1} aria-label={t('table.moveDown')} onClick={() => store.moveRow(index, index + 1)} />
        </div>
      )}
      {subTable && (
        <div className="mbo-et-td mbo-et-fixed" data-sub-table-anchor={id}>
          <Popover open={subTableOpen} placement="bottomLeft" content={subTableOpen && row ? subTable(row) : null} onOpenChange={(open) => !open && subTableOpen && onToggleSubTable(id)} trigger="click">
            <Button size="small" type="text" icon={subTableOpen ? <MinusSquareOutlined /> : <PlusSquareOutlined />} aria-label={t('table.expand')} onClick={() => onToggleSubTable(id)} />
          </Popover>
        </div>
      )}
      <div className="mbo-et-td mbo-et-fixed" title={displayRowKey(id)}>
        {index + 1}
      </div>
      {rowSelection && (
        <div className="mbo-et-td mbo-et-fixed">
          <Checkbox checked={selected} aria-label={t('table.selectRow', { index: index + 1 })} onChange={(event) => store.setSelected(id, event.target.checked)} />
        </div>
      )}
      {columns.map((column) => (
        <div key={column.key} className="mbo-et-td" role="cell">
          <CellHost store={store} rowId={id} column={column} compiled={compiled} />
        </div>
      ))}
    </div>
  );
});

function SelectAll({ store }: { store: RowStore }) {
  const { t } = useTranslation('toolkit');
  const version = useSyncExternalStore(
    (listener) => store.subscribeSelection(listener),
    () => store.getSelectionVersion(),
  );
  const count = useMemo(() => store.getSelectedIds().length, [store, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const total = store.getRows().length;
  return (
    <Checkbox
      aria-label={t('table.selectAll')}
      checked={total > 0 && count === total}
      indeterminate={count > 0 && count < total}
      onChange={(event) => store.selectAll(event.target.checked)}
    />
  );
}

/**
 * The editable table (docs/spec.md §1/§4/§5): virtual rows, per-cell subscriptions, validation in one loop.
 * Row key `id`; serial column 60 px; checkbox column 40 px (60 with a footer); footer rows 合计 / 平均.
 */
export function EditableTable({ columns, dataSource, height = 480, rowSelection = false, dragSort = false, dragSortKey = DEFAULT_DRAG_SORT_KEY, renderSubTable, socketKey, ref, onEdit, ...rest }: EditableTableProps) {
  const { t } = useTranslation('toolkit');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const textInputClass = useTextInputClass();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [store] = useState(() => new RowStore(dataSource ?? [], dragSort ? dragSortKey : null));
  const [enhanceHistory] = useState(() => new EnhanceHistory());
  const [subTableRow, setSubTableRow] = useState<string | null>(null);
  const shown = useMemo(() => columns.filter((column) => column.type !== 'hidden'), [columns]);
  const compiled = useMemo(() => compileColumns(columns), [columns]);
  const uploadKeys = useMemo(() => columns.filter((c) => c.type === 'upload' || c.type === 'file' || c.type === 'image').map((c) => c.key), [columns]);
  const statisticKinds = useMemo(() => (['sum', 'average'] as const).filter((kind) => columns.some((c) => c.statistics?.includes(kind))), [columns]);
  const hasFooter = statisticKinds.length > 0;
  const checkboxWidth = hasFooter ? CHECKBOX_COLUMN_WIDTH_WITH_FOOTER : CHECKBOX_COLUMN_WIDTH;

  useEffect(() => {
    store.onEdit(onEdit ?? null);
    return () => store.onEdit(null);
  }, [store, onEdit]);

  const firstData = useRef(true);
  useEffect(() => {
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    store.setRows(dataSource ?? []);
  }, [store, dataSource]);

  useEffect(() => {
    const hub = socketKey === undefined ? null : getLiveHub();
    if (socketKey === undefined || hub === null) return undefined;
    return connectTableSocket(store, socketKey, hub);
  }, [store, socketKey]);

  useSyncExternalStore(
    (listener) => store.subscribeList(listener),
    () => store.getListVersion(),
  );
  const rows = store.getRows();

  const layout = useMemo<Layout>(() => {
    const widths = [
      ...(dragSort ? [DRAG_COLUMN_WIDTH] : []),
      ...(renderSubTable ? [EXPAND_COLUMN_WIDTH] : []),
      SERIAL_COLUMN_WIDTH,
      ...(rowSelection ? [checkboxWidth] : []),
      ...shown.map((column) => column.width ?? DEFAULT_COLUMN_WIDTH),
    ];
    return { template: widths.map((w) => `${w}px`).join(' '), width: widths.reduce((a, b) => a + b, 0) };
  }, [dragSort, renderSubTable, rowSelection, checkboxWidth, shown]);

  const chromeHeight = HEADER_HEIGHT * (1 + statisticKinds.length);
  // The virtualizer keeps its own state outside React; this component is not compiler-memoised on purpose.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // The sticky header and footer rows cover part of the scroll box: only the band between them shows
    // rows, so the rows under them are not rendered (nor re-laid out on a keystroke). The footer rows
    // come with the columns' statistics, fixed for the table's life in practice; the figure is read
    // when the box is first observed.
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report({ width: rect.width, height: Math.max(ROW_HEIGHT, rect.height - chromeHeight) })),
    // Two rows either side keep a quick scroll from showing blank rows; every extra row is 12 more
    // antd inputs to style and lay out.
    overscan: 2,
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  const validate = useCallback((): ValidationResult => {
    const started = performance.now();
    const errors = validateRows(store.getRows(), compiled);
    store.setErrors(errors);
    let count = 0;
    for (const rowErrors of errors.values()) count += rowErrors.size;
    return { errors: count, elapsedMs: performance.now() - started };
  }, [store, compiled]);

  const openSubTable = useCallback(
    async (id: string): Promise<boolean> => {
      const index = store.indexOf(id);
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
      try {
        await openWithRetry(() => scrollRef.current?.querySelector(`[data-sub-table-anchor="${CSS.escape(id)}"]`) ?? null);
        setSubTableRow(id);
        return true;
      } catch {
        void message.error(t('table.subTableFailed'));
        return false;
      }
    },
    [store, virtualizer, t, message],
  );

  const toggleSubTable = useCallback(
    (id: string) => {
      if (subTableRow === id) setSubTableRow(null);
      else void openSubTable(id);
    },
    [subTableRow, openSubTable],
  );

  useImperativeHandle(
    ref,
    (): EditableTableApi => ({
      getRows: () => store.getRows(),
      getValues: ({ validate: check = true } = {}) => ({
        errors: check ? validate().errors : 0,
        values: store.getRows().map((row) => savedRow(row, uploadKeys)),
      }),
      validate,
      setRows: (next) => store.setRows(next),
      addRows: (given = [{}], index) => {
        const added = given.map((row) => defaultRow(columns, row));
        store.insertRows(added, index);
        const at = index ?? store.getRows().length - 1;
        requestAnimationFrame(() => virtualizer.scrollToIndex(Math.min(at, store.getRows().length - 1)));
        return added.map((row) => row.id);
      },
      removeRows: (ids) => store.removeRows(ids),
      removeSelected: () => store.removeRows(store.getSelectedIds()),
      getSelectedIds: () => store.getSelectedIds(),
      moveRow: (from, to) => store.moveRow(from, to),
      applyRowUpdate: (row) => applyRowUpdate(store, row),
      handleSocketMessage: (raw, key, caseId) => handleTableSocketMessage(store, raw, key, caseId),
      publishRow: (id) => socketKey !== undefined && publishTableRow(store, socketKey, id, getLiveHub(), (row) => savedRow(row, uploadKeys)),
      highlightRow: (id) => store.highlight(id),
      openSubTable,
      scrollToRow: (index) => virtualizer.scrollToIndex(index),
      enhanceHistory,
    }),
    [store, validate, uploadKeys, columns, virtualizer, openSubTable, enhanceHistory, socketKey],
  );

  const cssVars = {
    '--mbo-et-border': token.colorBorderSecondary,
    '--mbo-et-bg': token.colorBgContainer,
    '--mbo-et-head-bg': token.colorFillAlter,
    '--mbo-et-selected': token.colorPrimaryBg,
    '--mbo-et-highlight': token.colorWarningBg,
    '--mbo-et-error': token.colorError,
    '--mbo-et-drop': token.colorPrimary,
  } as CSSProperties;
  const bodyHeight = virtualizer.getTotalSize();
  const rowStyle: CSSProperties = { gridTemplateColumns: layout.template, width: layout.width };
  const leading = (dragSort ? 1 : 0) + (renderSubTable ? 1 : 0);
  const withRowDrag = (body: ReactNode) =>
    dragSort ? (
      <RowDragContext store={store} rowHeight={ROW_HEIGHT}>
        {body}
      </RowDragContext>
    ) : (
      body
    );

  return textInputClass.wrap(
    <TextInputClassContext value={textInputClass.value}>
      <div ref={scrollRef} className="mbo-et" role="table" aria-label={rest['aria-label']} aria-rowcount={rows.length + 1} style={{ ...cssVars, height }}>
        <div className="mbo-et-row mbo-et-head" role="row" style={{ ...rowStyle, height: HEADER_HEIGHT }}>
          {Array.from({ length: leading }, (_, i) => (
            <div key={i} className="mbo-et-th" />
          ))}
          <div className="mbo-et-th mbo-et-fixed">{t('table.serial')}</div>
          {rowSelection && (
            <div className="mbo-et-th mbo-et-fixed">
              <SelectAll store={store} />
            </div>
          )}
          {shown.map((column) => (
            <div key={column.key} role="columnheader" className={`mbo-et-th${column.validateRules?.some((r) => r.required || r.pattern === '*') ? ' mbo-et-required' : ''}`}>
              {column.title}
            </div>
          ))}
        </div>
        {withRowDrag(
          <div style={{ position: 'relative', height: bodyHeight, width: layout.width }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (row === undefined) return null;
              return (
                <TableRow
                  key={row.id}
                  store={store}
                  id={row.id}
                  index={item.index}
                  start={item.start}
                  layout={layout}
                  columns={shown}
                  compiled={compiled}
                  rowSelection={rowSelection}
                  checkboxWidth={checkboxWidth}
                  dragSort={dragSort}
                  subTable={renderSubTable}
                  subTableOpen={subTableRow === row.id}
                  onToggleSubTable={toggleSubTable}
                  rowCount={rows.length}
                />
              );
            })}
          </div>,
        )}
        {statisticKinds.map((kind) => (
          <div key={kind} className="mbo-et-row mbo-et-foot" role="row" style={{ ...rowStyle, height: HEADER_HEIGHT, bottom: kind === 'sum' && statisticKinds.length > 1 ? HEADER_HEIGHT : 0 }}>
            {Array.from({ length: leading }, (_, i) => (
              <div key={i} className="mbo-et-td" />
            ))}
            <div className="mbo-et-td mbo-et-fixed">{kind === 'sum' ? t('table.sum') : t('table.average')}</div>
            {rowSelection && <div className="mbo-et-td" />}
            {shown.map((column) =>
              column.statistics?.includes(kind) ? <StatisticCell key={column.key} store={store} column={column} kind={kind} /> : <div key={column.key} className="mbo-et-td" />,
            )}
          </div>
        ))}
      </div>
    </TextInputClassContext>,
  );
}
