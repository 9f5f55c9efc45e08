import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readModalState, writeModalState, type ModalState } from './url-state';

/**
 * One query parameter of the page's URL as state. Writes replace the history entry: a dialog or a
 * detail id belongs to this page's tab, it is not a new page (and a reload reopens it).
 */
export function useUrlParam(key: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [key, setParams],
  );
  return [params.get(key), set];
}

/** The create/edit dialog state kept in the URL (`?create=1`, `?edit=<id>`, prefixed for nested lists). */
export function useModalState(prefix = ''): [ModalState, (state: ModalState) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (state: ModalState) => setParams((current) => writeModalState(current, state, prefix), { replace: true }),
    [prefix, setParams],
  );
  return [readModalState(params, prefix), set];
}
