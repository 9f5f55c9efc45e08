import type { CrudFilter } from '@refinedev/core';
import type { FormInstance } from 'antd';
import { useEffect, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../contracts/constants';
import type { EntityDefinition } from '../../contracts/entity';
import { readListUrlState, searchValuesOf, writeListUrlState } from './list-url-state';
import { searchFilters } from './search-query';
import { LIST_URL_KEY } from './use-entity-list';
import { useUrlParam } from './use-url-params';

export interface UrlListState {
  /** The searched values by field name (a like field's text), as the list's own read sends them. */
  query: Record<string, string>;
  page: number;
  pageSize: number;
  /** 查询: these search-form values, from page 1. */
  search: (values: Record<string, unknown>) => void;
  /** A page (and page size) chosen in the table's pager. */
  turn: (page: number, pageSize: number) => void;
}

/**
 * The searched filters and page of a list read by hand (not through useEntityList, e.g. 表单开发's own endpoint) kept
 * in the URL the same way as every other list (`?q=`, list-url-state.ts), so a reload shows the same rows; the search
 * form shows what the URL searches for.
 */
export function useUrlListState(entity: EntityDefinition, form: FormInstance, defaultPageSize = DEFAULT_PAGE_SIZE): UrlListState {
  const [text, setText] = useUrlParam(LIST_URL_KEY);
  const state = useMemo(() => readListUrlState(text, defaultPageSize) ?? { filters: [], page: 1, pageSize: defaultPageSize, sorters: [] }, [text, defaultPageSize]);
  useEffect(() => {
    if (state.filters.length > 0) form.setFieldsValue(searchValuesOf(entity, state.filters));
    // Only what the page opened with: later values come from the form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
  const write = (filters: CrudFilter[], page: number, pageSize: number) => setText(writeListUrlState({ filters, page, pageSize, sorters: [] }, defaultPageSize));
  const query = Object.fromEntries(state.filters.flatMap((filter) => ('field' in filter && typeof filter.value === 'string' ? [[filter.field, filter.value]] : [])));
  return {
    query,
    page: state.page,
    pageSize: state.pageSize,
    search: (values) => write([...searchFilters(entity, values)], 1, state.pageSize),
    turn: (page, pageSize) => write(state.filters, page, pageSize),
  };
}
