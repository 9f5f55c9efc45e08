import { useList } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { categoryEntity } from '../entities';

/** A node of `GET /goods/goodsCategory/queryTreeList` (nested `children`, like the department tree). */
export interface CategoryNode {
  id: string;
  parentId?: string | null;
  name: string;
  picUrl?: string | null;
  sort?: number | null;
  status?: string | null;
  status_dictText?: string | null;
  children?: CategoryNode[] | null;
}

export const CATEGORY_API = {
  queryTreeList: `${categoryEntity.api}/queryTreeList`,
  searchBy: `${categoryEntity.api}/searchBy`,
} as const;
/** The parent id of a root category. */
export const ROOT_PARENT = '0';

const EMPTY: CategoryNode[] = [];

/**
 * The category tree through Refine (a list of the category resource served by queryTreeList, or by
 * searchBy for a keyword): cached, refetched after every write to categories, the last tree kept on
 * screen while the next loads.
 */
export function useCategoryTree(keyword = '') {
  const searching = keyword !== '';
  const { result, query } = useList<CategoryNode>({
    resource: categoryEntity.table,
    meta: { api: categoryEntity.api, listUrl: searching ? CATEGORY_API.searchBy : CATEGORY_API.queryTreeList },
    pagination: { mode: 'off' },
    filters: searching ? [{ field: 'keyword', operator: 'eq', value: keyword }] : [],
    liveMode: 'auto',
    queryOptions: { placeholderData: keepPreviousData },
  });
  return { tree: result.data ?? EMPTY, loading: query.isFetching, isError: query.isError, reload: () => void query.refetch() };
}

/** Ids of the nodes that have children (expand all). */
export function parentIds(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => (node.children && node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

export interface CategoryTreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: CategoryTreeOption[];
}

/**
 * The tree as TreeSelect data. `minLevel` 2: goods hang on a category of level 2 or deeper, so level-1
 * nodes open but cannot be picked. `exclude`: a node (and its subtree) that may not be chosen, e.g. a
 * category as its own parent.
 */
export function categoryOptions(nodes: readonly CategoryNode[], options: { minLevel?: number; exclude?: string } = {}, level = 1): CategoryTreeOption[] {
  const { minLevel = 1, exclude } = options;
  return nodes
    .filter((node) => node.id !== exclude)
    .map((node) => {
      const children = node.children && node.children.length > 0 ? categoryOptions(node.children, options, level + 1) : undefined;
      const pickable = level >= minLevel;
      return { value: node.id, title: node.name, ...(pickable ? {} : { selectable: false, disabled: children === undefined }), ...(children ? { children } : {}) };
    });
}
