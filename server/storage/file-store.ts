import type { Readable } from 'node:stream';

/** Which kind of store holds the uploaded files (FILE_STORAGE). */
export type FileStorageKind = 'local' | 's3';

/** One stored object as read back: its bytes as a stream, their count and the type they were stored with. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploads live. Keys are the stored paths the upload routes answer (`<biz>/<random>.<ext>`), so the
 * paths and URLs the clients keep do not depend on the store. A key that is not a plain relative path
 * (empty segments, `..`, hidden names, backslashes, NUL) names nothing: reads answer null or false, writes throw.
 */
export interface FileStore {
  readonly kind: FileStorageKind;
  /** Stores the bytes under the key; never overwrites an object of the local store. */
  put(key: string, data: Buffer | Readable, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Up to `length` first bytes of the object (to check what it is), or null when there is none. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  /** Removes the object; a key with nothing under it is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
}

const MAX_KEY_LENGTH = 500;

/** Whether a client-supplied key is a plain relative path: `/`-separated segments, none empty, dotted or hidden. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('\0') || key.includes('\\')) return false;
  const segments = key.split('/');
  return segments.every((segment) => segment !== '' && !segment.startsWith('.'));
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`Refused to store under the unsafe key "${key.slice(0, 100)}"`);
    this.name = 'UnsafeKeyError';
  }
}
