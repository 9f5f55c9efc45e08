import path from 'node:path';
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

export { isSafeKey, UnsafeKeyError, type FileStorageKind, type FileStore, type StoredObject } from './file-store';
export { LocalFileStore } from './local-file-store';
export { S3FileStore, type S3Settings } from './s3-file-store';

/** The upload root of the local store: DATA_DIR/uploads. */
export function uploadRoot(config: Pick<Config, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'uploads');
}

/** The store FILE_STORAGE names: the local disk (default) or the configured S3 bucket. */
export function createFileStore(config: Pick<Config, 'dataDir' | 'fileStorage'>): FileStore {
  const storage = config.fileStorage;
  return storage.kind === 's3' ? new S3FileStore(storage.s3) : new LocalFileStore(uploadRoot(config));
}
