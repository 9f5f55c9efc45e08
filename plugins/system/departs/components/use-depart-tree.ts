import { useMemo } from 'react';
import { useCustomRead } from '../../../../src/toolkit/crud';
import { DEPART_API, departEntity, type DepartTreeNode } from '../entities';
import { indexTree, type TreeIndex } from './tree-model';

export interface DepartTreeState {
  nodes: DepartTreeNode[];
  index: TreeIndex;
  status: 'loading' | 'ready' | 'error';
  /** The server's message when loading failed ('' when the request itself failed). */
  error: string;
  reload: () => void;
}

const NO_NODES: DepartTreeNode[] = [];

/**
 * The whole department tree through Refine (keyed among the departments' lists, so any write to a department —
 * here, in the add dialog or in another tab — refreshes it); a reload keeps showing the previous tree until the
 * new one arrives.
 */
export function useDepartTree(): DepartTreeState {
  const read = useCustomRead<DepartTreeNode[]>({ url: DEPART_API.queryTreeList }, { failure: '', family: departEntity.table });
  const nodes = read.value ?? NO_NODES;
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const status = read.error !== null ? 'error' : read.value === undefined ? 'loading' : 'ready';
  return { nodes, index, status, error: read.error ?? '', reload: read.retry };
}
