import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DepartTreeNode } from '../entities';
import { loadDepartTree } from './depart-api';
import { indexTree, type TreeIndex } from './tree-model';

export interface DepartTreeState {
  nodes: DepartTreeNode[];
  index: TreeIndex;
  status: 'loading' | 'ready' | 'error';
  /** The server's message when loading failed ('' when the request itself failed). */
  error: string;
  reload: () => void;
}

interface Loaded {
  /** The request this answer belongs to. */
  version: number;
  nodes: DepartTreeNode[];
  error: string | null;
}

/** The whole department tree; a reload keeps showing the previous tree until the new one arrives. */
export function useDepartTree(): DepartTreeState {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ version: -1, nodes: [], error: null });

  useEffect(() => {
    let alive = true;
    loadDepartTree()
      .then((answer) => {
        if (!alive) return;
        setLoaded((previous) => (answer.success ? { version, nodes: answer.result, error: null } : { version, nodes: previous.nodes, error: answer.message }));
      })
      .catch(() => {
        if (alive) setLoaded((previous) => ({ version, nodes: previous.nodes, error: '' }));
      });
    return () => {
      alive = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const index = useMemo(() => indexTree(loaded.nodes), [loaded.nodes]);
  const status = loaded.version !== version ? 'loading' : loaded.error !== null ? 'error' : 'ready';
  return { nodes: loaded.nodes, index, status, error: loaded.error ?? '', reload };
}
