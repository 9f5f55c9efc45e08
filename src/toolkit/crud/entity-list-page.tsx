import type { BaseRecord } from '@refinedev/core';
import { Card, Space, type TableColumnType, type TableProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../contracts/constants';
import { permissionCode, type EntityDefinition } from '../../contracts/entity';
import { entityColumns, listKeyField } from './columns';
import { useContributedColumns } from './contributed-columns';
import { EntityFormModal, type EntityFormModalProps } from './entity-form-modal';
import { ImportButton } from './excel-import';
import { BatchDeleteButton, CreateButton, ExportButton } from './list-toolbar';
import { ListTable } from './list-table';
import { LoadErrorAlert } from './load-error-alert';
import { useRowActionsColumn, type RowAction } from './row-actions';
import { SearchForm } from './search-form';
import { SelectionAlert } from './selection-alert';
import { StatusTabs, useStatusTab, type StatusTab } from './status-tabs';
import { toolbarHiddenByPrefix } from './toolbar-prefix';
import { useGuardedModalState } from './use-entity-form';
import { useEntityList, type ListControls } from './use-entity-list';
import { useAddUnder, useEntityTree } from './use-entity-tree';

export type { ListControls } from './use-entity-list';

type Feature = 'create' | 'edit' | 'delete' | 'batchDelete' | 'export' | 'import';

export interface EntityListPageProps<T extends BaseRecord> {
  entity: EntityDefinition;
  /** Fixed list parameters (e.g. `{ dictId }` for an item list), also sent with every create/edit. */
  fixedValues?: Record<string, string>;
  /** Prefix of the URL keys of the dialog, for a list nested in another screen. */
  urlPrefix?: string;
  /**
   * The screen's own row actions, after 编辑 (删除 and other dangerous ones go last): with the built-in ones, a row
   * shows its first two as links and the rest under 更多 ▾.
   */
  rowActions?: (list: ListControls) => ReadonlyArray<RowAction<T>>;
  /** Extra toolbar content, after the built-in buttons. */
  toolbarExtra?: ReactNode | ((list: ListControls) => ReactNode);
  /** Cell renderers by field name, replacing the default text of that field's column. */
  renderers?: Record<string, (value: unknown, record: T) => ReactNode>;
  /** Replaces the generic create/edit dialog; it gets the same state (kept in the URL) and callbacks. */
  formModal?: (props: EntityFormModalProps) => ReactNode;
  /** Extra columns appended before the actions column. */
  extraColumns?: TableColumnType<T>[];
  /** Built-in features to leave out (default: all on). */
  without?: readonly Feature[];
  /** Extra form rules per field, e.g. a rule check. */
  formRules?: Record<string, Rule[]>;
  /** Whether to wrap the list in a titled card (default true). */
  card?: boolean;
  /**
   * Permission prefix (docs/spec.md §6, e.g. `goods:spu`): toolbar buttons whose codes under it the user lacks
   * are hidden (`add`, `batch_delete`/`remove`, `export`, `import`).
   */
  permissionPrefix?: string;
  /** Rows per page at first (default 10); the user may change it. */
  pageSize?: number;
  /** Tabs with counts above the list, each a filter (the active one kept in the URL as `?tab=`). */
  statusTabs?: readonly StatusTab[];
  /** Row behaviour a variant adds: a click that selects (a master list above its detail), rows that expand. */
  tableExtra?: Pick<TableProps<T>, 'onRow' | 'rowClassName' | 'expandable'>;
  /**
   * Asked before 新增, 编辑 or 删除 starts (a delete after its confirmation); false stops it (the check says why,
   * e.g. the online form's list enhancement).
   */
  beforeAction?: (action: GuardedAction, record?: T) => Promise<boolean>;
}

export type GuardedAction = 'add' | 'edit' | 'delete';

/**
 * A complete list screen from an entity definition, composed of the toolkit's pieces: useEntityList
 * (search, paging, sorting, live updates, deletes), the toolbar buttons (each gated by its code),
 * the row-actions column and the create/edit dialog kept in the URL; a tree entity's list is a tree (useEntityTree)
 * with 添加下级 on each row. A screen that differs uses the
 * same pieces directly (see plugins/system/permissions/pages/permission-list.tsx).
 */
export function EntityListPage<T extends BaseRecord & { id?: string | number }>(props: EntityListPageProps<T>) {
  const { entity, fixedValues, urlPrefix = '', rowActions, toolbarExtra, extraColumns = [], without = [], formRules, card = true, renderers, formModal, permissionPrefix, pageSize = DEFAULT_PAGE_SIZE, statusTabs, tableExtra, beforeAction } = props;
  const { t } = useTranslation('crud');
  const hiddenByPrefix = permissionPrefix !== undefined ? toolbarHiddenByPrefix(permissionPrefix) : null;
  const enabled = (feature: Feature) => !without.includes(feature) && !(feature !== 'edit' && feature !== 'delete' && hiddenByPrefix?.has(feature) === true);
  const tab = useStatusTab(statusTabs ?? [], `${urlPrefix}tab`);
  // The screen's own list keeps its filters and page in the URL; a list nested in a drawer or a tab (urlPrefix) starts
  // afresh each time it opens (its URL key would outlive the drawer and land on the next record's list).
  const urlKey = urlPrefix === '' ? undefined : null;
  const list = useEntityList<T>({ entity, fixedValues, pageSize, filters: tab.filters, selectable: enabled('batchDelete') || enabled('export'), urlKey });
  const [modalState, setModal] = useGuardedModalState(entity, urlPrefix);
  const controls: ListControls = { selected: list.selected, clearSelection: list.clearSelection, refresh: list.refresh };
  // A tree entity lists its roots with their children lazily loaded, and adds under a row (添加下级).
  const tree = entity.tree;
  const treeView = useEntityTree(list);
  const addUnder = useAddUnder(urlPrefix);
  const closeModal = () => (tree === undefined ? setModal(null) : addUnder.close());
  const guarded = (action: GuardedAction, record: T | undefined, go: () => void) => {
    if (beforeAction === undefined) go();
    else void beforeAction(action, record).then((allowed) => allowed && go());
  };

  const actionsColumn = useRowActionsColumn<T>({
    actions: [
      ...(enabled('edit') ? [{ key: 'edit', label: t('edit'), code: permissionCode(entity, 'edit'), onClick: (record: T) => guarded('edit', record, () => setModal({ mode: 'edit', id: String(record.id) })) }] : []),
      ...(tree !== undefined && enabled('create')
        ? [{ key: 'addChild', label: t('addChild'), code: permissionCode(entity, 'add'), onClick: (record: T) => guarded('add', record, () => { treeView.expand(String(record.id)); addUnder.open(String(record.id)); }) }]
        : []),
      ...(enabled('delete') ? [{ key: 'delete', label: t('delete'), code: permissionCode(entity, 'delete'), danger: true, confirm: t('confirmDelete'), onClick: (record: T) => guarded('delete', record, () => list.remove(String(record.id))) }] : []),
      ...(rowActions?.(controls) ?? []),
    ],
  });

  // What other plugins keep of each row (their columns, shown to those allowed to read them).
  const contributedColumns = useContributedColumns<T>(entity.table, list.tableProps.dataSource);
  const columns: TableColumnType<T>[] = [
    // A fixed field (the member of 会员详情's ledger tabs) is the same on every row: no column for it.
    ...entityColumns<T>(entity, t, Object.keys(fixedValues ?? {})).map((column) => {
      const render = typeof column.key === 'string' ? renderers?.[column.key] : undefined;
      return render === undefined ? column : { ...column, render: (value: unknown, record: T) => render(value, record) };
    }),
    ...extraColumns,
    ...contributedColumns,
    ...(actionsColumn === null ? [] : [actionsColumn]),
  ];

  const modalProps: EntityFormModalProps = {
    entity,
    state: modalState,
    fixedValues: tree !== undefined && addUnder.parent !== null ? { ...fixedValues, [tree.parentField]: addUnder.parent } : fixedValues,
    extraRules: formRules,
    formName: `${urlPrefix}form`,
    onClose: closeModal,
    // The list refreshes itself: the save invalidated the entity's lists.
    onSaved: closeModal,
  };

  const body = (
    <>
      {statusTabs !== undefined && statusTabs.length > 0 ? <StatusTabs entity={entity} tabs={statusTabs} active={tab.active} onChange={tab.select} fixedValues={fixedValues} /> : null}
      <SearchForm name={`${urlPrefix}search`} entity={entity} formProps={list.searchFormProps} onReset={list.reset} fixed={fixedValues === undefined ? undefined : Object.keys(fixedValues)} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {enabled('create') ? <CreateButton entity={entity} onClick={() => guarded('add', undefined, () => setModal({ mode: 'create' }))} /> : null}
        {enabled('export') ? <ExportButton list={list} /> : null}
        {enabled('import') ? <ImportButton entity={entity} /> : null}
        {enabled('batchDelete') ? <BatchDeleteButton list={list} /> : null}
        {typeof toolbarExtra === 'function' ? toolbarExtra(controls) : toolbarExtra}
      </Space>
      {enabled('batchDelete') ? <SelectionAlert count={list.selected.length} onClear={list.clearSelection} /> : null}
      <LoadErrorAlert error={list.isError ? t('loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<T> {...(tree === undefined ? list.tableProps : treeView.tableProps)} {...tableExtra} columns={columns} keyColumn={listKeyField(entity, Object.keys(fixedValues ?? {}))} />
      {formModal !== undefined ? formModal(modalProps) : <EntityFormModal {...modalProps} />}
    </>
  );

  if (!card) return body;
  return <Card title={entity.title !== undefined ? t(entity.title) : undefined}>{body}</Card>;
}
