import { Avatar, Image, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useStoredFileUrl } from './stored-file-url';

export { useStoredFileUrl };

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
