import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, CrudFilters } from '@refinedev/core';
import type { FormProps, TableProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../contracts/constants';
import type { EntityDefinition } from '../../contracts/entity';
import { selectionCheckboxProps, useListPagination } from './list-table';
import { readListUrlState, searchValuesOf, writeListUrlState } from './list-url-state';
import { searchFilters } from './search-query';
import { useEntityDelete } from './use-entity-delete';

/** What row actions and toolbar content may use of the list. */
export interface ListControls {
  /** Ids of the selected rows. */
  selected: string[];
  clearSelection: () => void;
  refresh: () => void;
}

export interface EntityListOptions {
  entity: EntityDefinition;
  /** Fixed list parameters (e.g. `{ dictId }` for an item list). */
  fixedValues?: Record<string, string>;
  /** Filters always applied, whatever is searched: a status tab, the parent of a related list. */
  filters?: CrudFilter[];
  /** Rows per page at first (default 10); the user may change it. */
  pageSize?: number;
  /** Checkboxes for batch actions (default true). */
  selectable?: boolean;
  /**
   * The URL key that keeps the searched filters, page, page size and sort (default `q`; a list nested in another
   * screen passes its own, e.g. `itemq`), so a reload shows the same rows; null keeps them only in memory.
   */
  urlKey?: string | null;
}

export interface EntityList<T extends BaseRecord> extends ListControls {
  entity: EntityDefinition;
  /** The Refine resource and meta every call of this list uses (writes included, so caches agree). */
  resource: string;
  meta: { api: string; params?: Record<string, string> };
  /** Spread on the toolkit's <ListTable>: rows, loading, server sorting, the product's pagination, selection. */
  tableProps: TableProps<T>;
  /** Spread on the search <Form>; 查询 always asks the server, even with unchanged filters. */
  searchFormProps: FormProps;
  /** 重置: empty the search and show everything again. */
  reset: () => void;
  setSelected: (ids: string[]) => void;
  /** Delete one row (useDelete: the list and every other list of the entity refetch themselves). */
  remove: (id: string) => Promise<void>;
  /** Delete the selected rows (useDeleteMany). */
  removeSelected: () => Promise<void>;
  deleting: boolean;
  isError: boolean;
  /** The list parameters now shown, for an export of exactly them. */
  filters: CrudFilters;
  sorters: ReturnType<typeof useTable>['sorters'];
}

const sameFilters = (a: CrudFilters, b: CrudFilters) => JSON.stringify(a) === JSON.stringify(b);

/** The URL key of a list's filters, page and sort (see ListUrlState). */
export const LIST_URL_KEY = 'q';

/**
 * A list of an entity on Refine's useTable: search form values → filters, server paging and sorting,
 * live updates (`liveMode: 'auto'`: a row changed elsewhere is patched in place, a created or deleted
 * one refetches), row selection and deletes through Refine's mutations, whose invalidation refreshes
 * every open list of the entity, in any tab.
 */
export function useEntityList<T extends BaseRecord & { id?: string | number }>(options: EntityListOptions): EntityList<T> {
  const { entity, fixedValues, filters: permanent, pageSize = DEFAULT_PAGE_SIZE, selectable = true, urlKey = LIST_URL_KEY } = options;
  const { t } = useTranslation('crud');
  const [selected, setSelected] = useState<string[]>([]);
  const [params, setParams] = useSearchParams();
  // Read once: the URL a reload (or a link) opened the list with; afterwards the list writes it.
  const [restored] = useState(() => (urlKey === null ? null : readListUrlState(params.get(urlKey), pageSize)));
  const meta = useMemo(() => ({ api: entity.api, params: fixedValues }), [entity.api, fixedValues]);
  const resource = entity.table;

  const table = useTable<T, never, Record<string, unknown>>({
    resource,
    meta,
    pagination: { pageSize: restored?.pageSize ?? pageSize, currentPage: restored?.page ?? 1, mode: 'server' },
    filters: { defaultBehavior: 'replace', permanent, initial: restored?.filters },
    sorters: { initial: restored?.sorters },
    syncWithLocation: false,
    liveMode: 'auto',
    onSearch: (values): CrudFilters => searchFilters(entity, values),
  });
  const { tableProps, searchFormProps, tableQuery, setFilters, filters, sorters, currentPage, setCurrentPage, pageSize: shownPageSize } = table;
  const deletes = useEntityDelete(entity, meta);
  const searched = useMemo(() => {
    const kept = new Set((permanent ?? []).map((filter) => JSON.stringify(filter)));
    return filters.filter((filter) => !kept.has(JSON.stringify(filter)));
  }, [filters, permanent]);

  // The search form shows what the restored filters search for.
  const searchForm = searchFormProps.form;
  useEffect(() => {
    if (restored !== null && restored.filters.length > 0) searchForm?.setFieldsValue(searchValuesOf(entity, restored.filters));
  }, [restored, searchForm, entity]);

  // The URL follows what the list shows (replacing the entry: paging is not navigation).
  const urlValue = urlKey === null ? null : writeListUrlState({ filters: searched, page: currentPage, pageSize: shownPageSize, sorters }, pageSize);
  useEffect(() => {
    if (urlKey === null || params.get(urlKey) === urlValue) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (urlValue === null) next.delete(urlKey);
        else next.set(urlKey, urlValue);
        return next;
      },
      { replace: true },
    );
  }, [urlKey, urlValue, params, setParams]);

  const refresh = () => void tableQuery.refetch();
  const clearSelection = () => setSelected([]);

  const afterDelete = (count: number) => {
    // Do not land past the last page after deleting its last rows.
    const shown = tableProps.dataSource?.length ?? 0;
    if (count >= shown && currentPage > 1) setCurrentPage(currentPage - 1);
  };

  const remove = async (id: string) => {
    if (!(await deletes.remove(id))) return;
    setSelected((keys) => keys.filter((key) => key !== id));
    afterDelete(1);
  };

  const removeSelected = async () => {
    const ids = selected;
    if (!(await deletes.removeMany(ids))) return;
    setSelected([]);
    afterDelete(ids.length);
  };

  const search: FormProps = {
    ...searchFormProps,
    onFinish: (values: Record<string, unknown>) => {
      // Unchanged filters give Refine the same query key, which would not ask again: 查询 always does.
      if (sameFilters(searchFilters(entity, values), searched)) refresh();
      searchFormProps.onFinish?.(values);
    },
  };

  const paging = useListPagination();
  const pagination: TableProps<T>['pagination'] = tableProps.pagination === false ? false : { ...tableProps.pagination, ...paging };

  return {
    entity,
    resource,
    meta,
    tableProps: {
      ...tableProps,
      rowKey: 'id',
      size: 'middle',
      pagination,
      locale: { emptyText: t('empty') },
      rowSelection: selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: selectionCheckboxProps(t('selectRow')) } : undefined,
    },
    searchFormProps: search,
    reset: () => {
      setFilters([], 'replace');
      setCurrentPage(1);
    },
    selected,
    setSelected,
    clearSelection,
    refresh,
    remove,
    removeSelected,
    deleting: deletes.deleting,
    isError: tableQuery.isError,
    filters,
    sorters,
  };
}
