import { useList, type BaseRecord } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EntityList } from './use-entity-list';
import { readModalState, writeModalState, type ModalState } from './url-state';
import { RECORD_ID_PATTERN } from '../../contracts/record-id';

/** The rows' key antd reads nested rows from: not `children`, which a master-detail record may carry. */
export const TREE_CHILDREN = 'treeChildren';
/** The server's largest page: the children of every expanded row come in one call. */
const CHILDREN_PAGE = 1000;
/** Deeper than any real tree: a loop in stored data stops here. */
const MAX_DEPTH = 50;

export interface EntityTree<T extends BaseRecord> {
  /** Spread on antd's <Table> after the list's: the roots (or search hits) with their loaded children, expandable. */
  tableProps: TableProps<T>;
  /** Opens a row (its children load), e.g. before adding under it. */
  expand: (id: string) => void;
}

const idOf = (row: BaseRecord) => String(row.id);

/**
 * A tree over an entity list (EntityDefinition.tree): the list's page holds the roots (or, when searching, the
 * matching rows of every level); the children of every expanded row come with one `useList` of `pid=<ids>`, in the
 * entity's cache family, so a save or delete anywhere refreshes them with the list. A row shows as expandable when
 * the server flags it as having children.
 */
export function useEntityTree<T extends BaseRecord & { id?: string | number }>(list: EntityList<T>): EntityTree<T> {
  const tree = list.entity.tree;
  const [expanded, setExpanded] = useState<string[]>([]);
  const { result, query } = useList<T>({
    resource: list.resource,
    meta: { ...list.meta, params: { ...list.meta.params, pid: expanded.join(',') } },
    pagination: { currentPage: 1, pageSize: CHILDREN_PAGE, mode: 'server' },
    // Opening one more row keeps the rows already open on screen while the new call runs.
    queryOptions: { enabled: tree !== undefined && expanded.length > 0, placeholderData: keepPreviousData },
    // A list that is no tree subscribes to nothing here.
    liveMode: tree !== undefined ? 'auto' : 'off',
  });

  const byParent = new Map<string, T[]>();
  for (const row of expanded.length > 0 ? result.data : []) {
    const parent = String(tree === undefined ? '' : (row[tree.parentField] ?? ''));
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const withChildren = (row: T, depth: number): T => {
    if (tree === undefined || row[tree.hasChildField] !== '1' || depth > MAX_DEPTH) return row;
    return { ...row, [TREE_CHILDREN]: (byParent.get(idOf(row)) ?? []).map((child) => withChildren(child, depth + 1)) };
  };

  const expand = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys : [...keys, id]));
  const { tableProps } = list;
  return {
    expand,
    tableProps: {
      ...tableProps,
      dataSource: (tableProps.dataSource ?? []).map((row) => withChildren(row, 0)),
      loading: tableProps.loading === true || (expanded.length > 0 && query.isFetching),
      expandable: {
        childrenColumnName: TREE_CHILDREN,
        expandedRowKeys: expanded,
        onExpand: (open, row) => (open ? expand(idOf(row)) : setExpanded((keys) => keys.filter((key) => key !== idOf(row)))),
      },
    },
  };
}


export interface AddUnder {
  /** The row a create dialog adds under (null: a root, or no create dialog open). */
  parent: string | null;
  /** Opens the create dialog under a row. */
  open: (id: string) => void;
  /** Closes the dialog and forgets the parent. */
  close: () => void;
}

/**
 * 添加下级: the parent kept in the URL beside the create dialog (`?create=1&parent=<id>`, written in one step), so a
 * reload reopens the dialog under the same row, never as a root.
 */
export function useAddUnder(urlPrefix = ''): AddUnder {
  const [params, setParams] = useSearchParams();
  const key = `${urlPrefix}parent`;
  const raw = params.get(key);
  const parent = raw !== null && RECORD_ID_PATTERN.test(raw) && readModalState(params, urlPrefix)?.mode === 'create' ? raw : null;
  const write = (state: ModalState, id: string | null) =>
    setParams(
      (current) => {
        const next = writeModalState(current, state, urlPrefix);
        if (id === null) next.delete(key);
        else next.set(key, id);
        return next;
      },
      { replace: true },
    );
  return { parent, open: (id) => write({ mode: 'create' }, id), close: () => write(null, null) };
}
