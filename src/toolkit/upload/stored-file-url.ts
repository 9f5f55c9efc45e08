import { useCustom, type BaseRecord } from '@refinedev/core';
import { useEffect } from 'react';
import { QUIET } from '../crud/use-server-feedback';
import { holdObjectUrl, objectUrlOf } from './object-urls';
import { STATIC_FILES_PATH } from './upload-request';

// Apart from StoredImage (antd's Image and its preview): the header's avatar needs only the URL.

/** The first path of a stored value (`a.png,b.png`), or null for none. */
function firstPath(value: string | null | undefined): string | null {
  const path = value?.split(',')[0]?.trim() ?? '';
  return path === '' ? null : path;
}

/**
 * An object URL for a stored upload. Stored files are served only to a session (`/sys/common/static`
 * needs the token header), so a plain <img src> cannot show them: they are read through Refine's
 * useCustom (the data provider's download) and shown from a blob, whose URL is revoked when the path
 * changes or the component goes away. Absolute URLs (http…, blob:, data:) are used as they are.
 */
export function useStoredFileUrl(value: string | null | undefined): { url: string | null; loading: boolean } {
  const path = firstPath(value);
  const direct = path !== null && /^(https?:|blob:|data:)/i.test(path);
  const stored = path !== null && !direct;
  const { query } = useCustom<BaseRecord>({
    url: stored ? `${STATIC_FILES_PATH}/${path}` : '',
    method: 'get',
    meta: { download: true },
    ...QUIET,
    // A stored path names one file for good (uploads get fresh names): read once, not again on focus or remount.
    queryOptions: { enabled: stored, retry: false, staleTime: Number.POSITIVE_INFINITY },
  });
  const blob: unknown = stored && !query.isPlaceholderData ? query.data?.data : undefined;
  const objectUrl = blob instanceof Blob ? objectUrlOf(blob) : null;
  // Not a load: the object URL is held while shown and given back once nothing shows it.
  useEffect(() => (blob instanceof Blob ? holdObjectUrl(blob) : undefined), [blob]);

  if (path === null) return { url: null, loading: false };
  if (direct) return { url: path, loading: false };
  if (objectUrl !== null) return { url: objectUrl, loading: false };
  return { url: null, loading: !query.isError };
}
