/**
 * Object URLs of blobs read through the data provider (stored images, PDF previews): one per blob, shared by
 * everything showing it, revoked a moment after the last holder lets go (so a remount keeps it).
 */

/** One object URL per blob read, shared by every image showing it; `holders` counts those mounted. */
const objectUrls = new Map<Blob, { url: string; holders: number; release?: ReturnType<typeof setTimeout> }>();

export function objectUrlOf(blob: Blob): string {
  let entry = objectUrls.get(blob);
  if (entry === undefined) {
    entry = { url: URL.createObjectURL(blob), holders: 0 };
    objectUrls.set(blob, entry);
  }
  return entry.url;
}

/** Holds the blob's URL; the returned release revokes it a moment after the last holder lets go (a remount keeps it). */
export function holdObjectUrl(blob: Blob): () => void {
  objectUrlOf(blob);
  const entry = objectUrls.get(blob);
  if (entry === undefined) return () => undefined;
  clearTimeout(entry.release);
  entry.holders += 1;
  return () => {
    entry.holders -= 1;
    if (entry.holders > 0) return;
    entry.release = setTimeout(() => {
      if (entry.holders > 0) return;
      URL.revokeObjectURL(entry.url);
      objectUrls.delete(blob);
    }, 0);
  };
}
