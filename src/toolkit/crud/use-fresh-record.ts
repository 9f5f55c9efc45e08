import { useOne } from '@refinedev/core';
import { useState } from 'react';
import type { EntityDefinition } from '../../contracts/entity';
import { EnvelopeError } from '../../providers/data-provider';
import { QUIET } from './use-server-feedback';

type Values = Record<string, unknown>;

export interface FreshRecord<T extends Values> {
  /** The record as this opening read it; undefined while it loads (and with no id). */
  record: T | undefined;
  loading: boolean;
  loadError: boolean;
  /** The server's refusal of the read (its message), or null (none, or a failure the http client already showed). */
  refusal: string | null;
  /** Asks again after a failed read. */
  retry: () => void;
  /** Reads the record again as a new opening (after a save was refused over a newer version). */
  reload: () => void;
}

/** One opening: which record, counted so that every opening reads anew. */
interface Opening {
  key: string | null;
  count: number;
}

/**
 * The one way a form reads the record it edits: anew at every opening (`openKey` changes: the dialog opened, or
 * opened on another record), and kept as read until the next — a refetch meanwhile, a list's live row, another
 * tab's save never change what the form shows nor the version (`rowVersion`) its save carries. The opening's count
 * is part of the query key and Refine's default placeholder (the previous key's answer, kept while the next loads)
 * is off: that placeholder is how an edit reopened after a save showed the values from before it.
 */
export function useFreshRecord<T extends Values = Values>(entity: EntityDefinition, id: string | undefined, openKey: string | null = id ?? null): FreshRecord<T> {
  const [opening, setOpening] = useState<Opening>({ key: openKey, count: 0 });
  if (opening.key !== openKey) setOpening({ key: openKey, count: opening.count + 1 });
  const enabled = id !== undefined;
  const { query } = useOne<T>({
    resource: entity.table,
    id: id ?? '',
    meta: { api: entity.api, opening: opening.count },
    queryOptions: { enabled, gcTime: 0, retry: false, placeholderData: undefined, refetchOnWindowFocus: false, refetchOnReconnect: false },
    ...QUIET,
  });
  const [snapshot, setSnapshot] = useState<{ count: number; record: T } | null>(null);
  const loaded = query.isPlaceholderData ? undefined : query.data?.data;
  if (enabled && loaded !== undefined && snapshot?.count !== opening.count) setSnapshot({ count: opening.count, record: loaded });
  const record = enabled && snapshot?.count === opening.count ? snapshot.record : undefined;
  return {
    record,
    loading: enabled && record === undefined && !query.isError,
    loadError: enabled && query.isError,
    refusal: enabled && query.error instanceof EnvelopeError && query.error.message !== '' ? query.error.message : null,
    retry: () => void query.refetch(),
    reload: () => setOpening({ key: openKey, count: opening.count + 1 }),
  };
}
