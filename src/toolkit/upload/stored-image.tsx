import { Avatar, Image, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { http } from '../../providers/http';
import { STATIC_FILES_PATH } from './upload-request';

/** The first path of a stored value (`a.png,b.png`), or null for none. */
function firstPath(value: string | null | undefined): string | null {
  const path = value?.split(',')[0]?.trim() ?? '';
  return path === '' ? null : path;
}

/**
 * An object URL for a stored upload. Stored files are served only to a session (`/sys/common/static`
 * needs the token header), so a plain <img src> cannot show them: they are fetched through the http
 * client and shown from a blob, revoked when the path changes or the component goes away.
 * Absolute URLs (http…, blob:, data:) are used as they are.
 */
export function useStoredFileUrl(value: string | null | undefined): { url: string | null; loading: boolean } {
  const path = firstPath(value);
  const direct = path !== null && /^(https?:|blob:|data:)/i.test(path);
  const [loaded, setLoaded] = useState<{ path: string; url: string | null } | null>(null);

  useEffect(() => {
    if (path === null || direct) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    http
      .download(`${STATIC_FILES_PATH}/${path}`)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ path, url: objectUrl });
      })
      .catch(() => {
        if (live) setLoaded({ path, url: null });
      });
    return () => {
      live = false;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [path, direct]);

  if (path === null) return { url: null, loading: false };
  if (direct) return { url: path, loading: false };
  if (loaded?.path !== path) return { url: null, loading: true };
  return { url: loaded.url, loading: false };
}

export interface StoredImageProps {
  /** A stored path (or comma-separated paths: the first is shown), or an absolute URL. */
  value: string | null | undefined;
  alt: string;
  size?: number;
  /** 'avatar' draws a round avatar with `fallback` inside when there is no picture. */
  shape?: 'image' | 'avatar';
  fallback?: ReactNode;
  preview?: boolean;
}

/** A thumbnail of a stored image (see useStoredFileUrl), with a placeholder while it loads. */
export function StoredImage({ value, alt, size = 48, shape = 'image', fallback, preview = true }: StoredImageProps) {
  const { url, loading } = useStoredFileUrl(value);
  if (loading) return <Skeleton.Avatar active shape={shape === 'avatar' ? 'circle' : 'square'} size={size} />;
  if (shape === 'avatar') return <Avatar size={size} src={url ?? undefined} alt={alt} icon={url === null ? fallback : undefined} />;
  if (url === null) return <>{fallback}</>;
  return <Image src={url} alt={alt} width={size} height={size} style={{ objectFit: 'cover' }} preview={preview} />;
}
