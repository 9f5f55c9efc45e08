import { useCallback, useEffect, useState } from 'react';
import { http } from '../../../../src/providers/http';
import { permissionEntity, type PermissionTreeRecord } from '../entities';

export interface PermissionTreeState {
  tree: PermissionTreeRecord[];
  loading: boolean;
  /** The failure to show (the server's message, or the transport error's). */
  error: string | null;
  reload: () => void;
}

interface Loaded {
  key: string;
  tree: PermissionTreeRecord[] | null;
  error: string | null;
}

const EMPTY: PermissionTreeRecord[] = [];

/** The 菜单管理 tree (GET /sys/permission/list, the whole tree, optionally filtered by name). */
export function usePermissionTree(name: string): PermissionTreeState {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The last good tree stays on screen while the next one loads.
  const [shown, setShown] = useState<PermissionTreeRecord[]>(EMPTY);
  const key = `${name}#${version}`;

  useEffect(() => {
    let alive = true;
    http.get<PermissionTreeRecord[]>(`${permissionEntity.api}/list`, name !== '' ? { name } : {}).then(
      (answer) => {
        if (!alive) return;
        const ok = answer.success && Array.isArray(answer.result);
        if (ok) setShown(answer.result);
        setLoaded({ key, tree: ok ? answer.result : null, error: ok ? null : answer.message });
      },
      (failure: unknown) => {
        if (alive) setLoaded({ key, tree: null, error: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => {
      alive = false;
    };
  }, [name, key]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = loaded?.key === key ? loaded : null;
  return { tree: shown, loading: current === null, error: current?.error ?? null, reload };
}
