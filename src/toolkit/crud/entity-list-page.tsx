import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilters } from '@refinedev/core';
import { App, Button, Card, Divider, Popconfirm, Space, Table, Upload, type TableColumnType } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '../../contracts/constants';
import { permissionCode, type EntityDefinition } from '../../contracts/entity';
import { buildListQuery } from '../../providers/data-provider';
import { entityColumns } from './columns';
import { crudApi, saveBlob, type ImportResult } from './crud-api';
import { EntityFormModal, type EntityFormModalProps } from './entity-form-modal';
import { LoadErrorAlert } from './load-error-alert';
import { gateOf } from './permission-gate';
import { SelectionAlert } from './selection-alert';
import { SearchForm } from './search-form';
import { searchFilters } from './search-query';
import { toolbarHiddenByPrefix } from './toolbar-prefix';
import { readModalState, writeModalState } from './url-state';

/** What row actions and toolbar content may use of the list. */
export interface ListControls {
  /** Ids of the selected rows. */
  selected: string[];
  clearSelection: () => void;
  refresh: () => void;
}

export interface EntityListPageProps<T extends BaseRecord> {
  entity: EntityDefinition;
  /** Fixed list parameters (e.g. `{ dictId }` for an item list), also sent with every create/edit. */
  fixedValues?: Record<string, string>;
  /** Prefix of the URL keys of the dialog, for a list nested in another screen. */
  urlPrefix?: string;
  /** Extra actions per row, after edit/delete. */
  rowActions?: (record: T, list: ListControls) => ReactNode;
  /** Extra toolbar content, after the built-in buttons. */
  toolbarExtra?: ReactNode | ((list: ListControls) => ReactNode);
  /** Cell renderers by field name, replacing the default text of that field's column. */
  renderers?: Record<string, (value: unknown, record: T) => ReactNode>;
  /** Replaces the generic create/edit dialog; it gets the same state (kept in the URL) and callbacks. */
  formModal?: (props: EntityFormModalProps) => ReactNode;
  /** Extra columns appended before the actions column. */
  extraColumns?: TableColumnType<T>[];
  /** Built-in features to leave out (default: all on). */
  without?: ReadonlyArray<'create' | 'edit' | 'delete' | 'batchDelete' | 'export' | 'import'>;
  /** Extra form rules per field, e.g. a rule check. */
  formRules?: Record<string, Rule[]>;
  /** Whether to wrap the list in a titled card (default true). */
  card?: boolean;
  /**
   * Permission prefix (spec §6, e.g. `goods:spu`): toolbar buttons whose codes under it the user lacks
   * are hidden (`add`, `batch_delete`/`remove`, `export`, `import`).
   */
  permissionPrefix?: string;
  /** Rows per page at first (default 10); the user may change it. */
  pageSize?: number;
}

function errorMessageOfBlob(blob: Blob): Promise<string | null> {
  if (!blob.type.includes('json')) return Promise.resolve(null);
  return blob.text().then(
    (text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : null;
      } catch {
        return null;
      }
    },
    () => null,
  );
}

/**
 * A complete list screen from an entity definition: search form, server-sorted and paged table,
 * toolbar (add, batch delete, export, import) and row actions gated by the user's button
 * permissions (decided locally), and the create/edit dialog kept in the URL.
 */
export function EntityListPage<T extends BaseRecord & { id?: string | number }>(props: EntityListPageProps<T>) {
  const { entity, fixedValues, urlPrefix = '', rowActions, toolbarExtra, extraColumns = [], without = [], formRules, card = true, renderers, formModal, permissionPrefix, pageSize = DEFAULT_PAGE_SIZE } = props;
  const { t } = useTranslation('crud');
  const { message, modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const [importPercent, setImportPercent] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const api = useMemo(() => crudApi(entity), [entity]);
  const meta = useMemo(() => ({ api: entity.api, params: fixedValues }), [entity.api, fixedValues]);
  const hiddenByPrefix = permissionPrefix !== undefined ? toolbarHiddenByPrefix(permissionPrefix) : null;
  const enabled = (feature: NonNullable<EntityListPageProps<T>['without']>[number]) =>
    !without.includes(feature) && !(feature !== 'edit' && feature !== 'delete' && hiddenByPrefix?.has(feature) === true);
  const gates = {
    add: gateOf(permissionCode(entity, 'add')),
    edit: gateOf(permissionCode(entity, 'edit')),
    delete: gateOf(permissionCode(entity, 'delete')),
    deleteBatch: gateOf(permissionCode(entity, 'deleteBatch')),
    exportXls: gateOf(permissionCode(entity, 'exportXls')),
    importExcel: gateOf(permissionCode(entity, 'importExcel')),
  };

  const { tableProps, searchFormProps, tableQuery, setFilters, filters, sorters, currentPage, setCurrentPage } = useTable<T, never, Record<string, unknown>>({
    resource: entity.table,
    meta,
    pagination: { pageSize, mode: 'server' },
    filters: { defaultBehavior: 'replace' },
    syncWithLocation: false,
    onSearch: (values): CrudFilters => searchFilters(entity, values),
  });

  const modalState = readModalState(searchParams, urlPrefix);
  // replace, not push: the dialog belongs to this page's tab, it is not a new page (and reload reopens it).
  const setModal = (state: Parameters<typeof writeModalState>[1]) => setSearchParams(writeModalState(searchParams, state, urlPrefix), { replace: true });
  const refresh = () => void tableQuery.refetch();
  const controls: ListControls = { selected, clearSelection: () => setSelected([]), refresh };

  const afterDelete = (count: number) => {
    // Do not land past the last page after deleting its last rows.
    const shown = tableProps.dataSource?.length ?? 0;
    if (count >= shown && currentPage > 1) setCurrentPage(currentPage - 1);
    else refresh();
  };

  const removeOne = async (id: string) => {
    const answer = await api.remove(id);
    if (!answer.success) {
      void message.error(answer.message);
      return;
    }
    void message.success(answer.message);
    setSelected((keys) => keys.filter((key) => key !== id));
    afterDelete(1);
  };

  const removeSelected = async () => {
    const answer = await api.removeBatch(selected);
    if (!answer.success) {
      void message.error(answer.message);
      return;
    }
    void message.success(answer.message);
    const count = selected.length;
    setSelected([]);
    afterDelete(count);
  };

  const exportXls = async () => {
    setExporting(true);
    try {
      const params = buildListQuery({ pagination: { mode: 'off' }, sorters, filters, meta });
      if (selected.length > 0) params.selections = selected.join(',');
      const blob = await api.exportXls(params);
      const failure = await errorMessageOfBlob(blob);
      if (failure !== null) void message.error(failure);
      else saveBlob(blob, `${entity.title !== undefined ? t(entity.title) : entity.table}.xlsx`);
    } catch {
      // Presented by the http client.
    } finally {
      setExporting(false);
    }
  };

  const importExcel = async (file: File) => {
    setImportPercent(0);
    try {
      const answer = await api.importExcel(file, file.name, setImportPercent);
      if (answer.success && Number(answer.code) === 201) {
        const result: ImportResult | null = answer.result;
        modal.warning({
          title: answer.message,
          content: (
            <ul className="crud-import-errors">
              {(result?.errors ?? []).slice(0, 50).map((error) => (
                <li key={error.row}>{error.message}</li>
              ))}
            </ul>
          ),
        });
      } else if (answer.success) {
        void message.success(answer.message);
      } else {
        void message.error(answer.message);
      }
      refresh();
    } catch {
      // Presented by the http client.
    } finally {
      setImportPercent(null);
    }
  };

  const modalProps: EntityFormModalProps = {
    entity,
    state: modalState,
    fixedValues,
    extraRules: formRules,
    formName: `${urlPrefix}form`,
    onClose: () => setModal(null),
    onSaved: () => {
      setModal(null);
      refresh();
    },
  };

  const columns: TableColumnType<T>[] = [
    ...entityColumns<T>(entity, t).map((column) => {
      const render = typeof column.key === 'string' ? renderers?.[column.key] : undefined;
      return render === undefined ? column : { ...column, render: (value: unknown, record: T) => render(value, record) };
    }),
    ...extraColumns,
  ];
  const showEdit = enabled('edit') && gates.edit.visible;
  const showDelete = enabled('delete') && gates.delete.visible;
  if (showEdit || showDelete || rowActions) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 180,
      render: (_value: unknown, record: T) => {
        const id = String(record.id);
        return (
          <Space split={<Divider type="vertical" />} size={0}>
            {showEdit ? (
              <Button type="link" size="small" disabled={gates.edit.disabled} onClick={() => setModal({ mode: 'edit', id })}>
                {t('edit')}
              </Button>
            ) : null}
            {showDelete ? (
              <Popconfirm title={t('confirmDelete')} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => removeOne(id)} disabled={gates.delete.disabled}>
                <Button type="link" size="small" danger disabled={gates.delete.disabled}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            ) : null}
            {rowActions?.(record, controls)}
          </Space>
        );
      },
    });
  }

  const batchDelete = enabled('batchDelete') && gates.deleteBatch.visible;
  const pagination = tableProps.pagination === false ? false : {
    ...tableProps.pagination,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total: number, range: [number, number]) => t('total', { total, from: range[0], to: range[1] }),
  };

  const body = (
    <>
      <SearchForm name={`${urlPrefix}search`} entity={entity} formProps={searchFormProps} onReset={() => setFilters([], 'replace')} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        {enabled('create') && gates.add.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={gates.add.disabled} onClick={() => setModal({ mode: 'create' })}>
            {t('add')}
          </Button>
        ) : null}
        {enabled('export') && gates.exportXls.visible ? (
          <Button icon={<DownloadOutlined />} disabled={gates.exportXls.disabled} loading={exporting} onClick={() => void exportXls()}>
            {t('export')}
          </Button>
        ) : null}
        {enabled('import') && gates.importExcel.visible ? (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            disabled={gates.importExcel.disabled || importPercent !== null}
            beforeUpload={(file) => {
              void importExcel(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={gates.importExcel.disabled} loading={importPercent !== null}>
              {importPercent !== null ? t('importing', { percent: importPercent }) : t('import')}
            </Button>
          </Upload>
        ) : null}
        {batchDelete && selected.length > 0 ? (
          <Popconfirm title={t('confirmBatchDelete', { count: selected.length })} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => removeSelected()} disabled={gates.deleteBatch.disabled}>
            <Button danger icon={<DeleteOutlined />} disabled={gates.deleteBatch.disabled}>
              {t('batchDelete')}
            </Button>
          </Popconfirm>
        ) : null}
        {typeof toolbarExtra === 'function' ? toolbarExtra(controls) : toolbarExtra}
      </Space>
      {batchDelete ? <SelectionAlert count={selected.length} onClear={() => setSelected([])} /> : null}
      <LoadErrorAlert error={tableQuery.isError ? t('loadError') : null} onRetry={refresh} style={{ marginBottom: 16 }} />
      <Table<T>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        pagination={pagination}
        locale={{ emptyText: t('empty') }}
        rowSelection={batchDelete || enabled('export') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
      />
      {formModal !== undefined ? formModal(modalProps) : <EntityFormModal {...modalProps} />}
    </>
  );

  if (!card) return body;
  return <Card title={entity.title !== undefined ? t(entity.title) : undefined}>{body}</Card>;
}
