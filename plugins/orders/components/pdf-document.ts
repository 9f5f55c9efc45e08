import { useCustom, type BaseRecord } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { QUIET, refusalOfBlob } from '../../../src/toolkit/crud';

/**
 * One of an order's PDF documents fetched through the app's data provider (`meta.download`: the same
 * http client, token and tenant as every call, as the Excel export does), turned into a blob URL the
 * viewer shows. The URL is revoked when another document replaces it and when the page goes away.
 */

export type PdfDocumentState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string; blob: Blob }
  | { status: 'refused'; message: string }
  | { status: 'failed' };

interface Shown {
  source: Blob;
  state: PdfDocumentState;
}

export function usePdfDocument(url: string, id: string | null, extra: Record<string, string> = {}): { state: PdfDocumentState; reload: () => void } {
  const enabled = id !== null;
  const { query } = useCustom<BaseRecord>({
    url,
    method: 'get',
    config: { query: { id, ...extra } },
    meta: { download: true },
    ...QUIET,
    queryOptions: { enabled, gcTime: 0, retry: false },
  });
  const answer: unknown = query.isPlaceholderData ? undefined : query.data?.data;
  const blob = answer instanceof Blob ? answer : undefined;
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (blob === undefined) return undefined;
    let cancelled = false;
    let objectUrl: string | null = null;
    void refusalOfBlob(blob).then((refused) => {
      if (cancelled) return;
      if (refused !== null) {
        setShown({ source: blob, state: { status: 'refused', message: refused } });
        return;
      }
      const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
      objectUrl = URL.createObjectURL(pdf);
      setShown({ source: blob, state: { status: 'ready', url: objectUrl, blob: pdf } });
    });
    return () => {
      cancelled = true;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [blob]);

  const reload = () => void query.refetch();
  if (!enabled) return { state: { status: 'idle' }, reload };
  if (query.isFetching) return { state: { status: 'loading' }, reload };
  if (query.isError) return { state: { status: 'failed' }, reload };
  // The answer is being read (a refusal is JSON): still loading until the shown state is this blob's.
  if (blob === undefined || shown === null || shown.source !== blob) return { state: { status: 'loading' }, reload };
  return { state: shown.state, reload };
}
