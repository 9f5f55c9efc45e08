import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { allowedTypeOf, resolveInside } from '../routes/upload-files';
import { isSafeKey, UnsafeKeyError, type FileStore, type StoredObject } from './file-store';

const OCTET_STREAM = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files on this machine's disk under the upload root (DATA_DIR/uploads): one instance only, or a shared
 * volume. The type a file is served with follows its extension, as the upload checked it.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  /** The absolute path of a key, only when it lies inside the root. */
  private pathOf(key: string): string | null {
    return isSafeKey(key) ? resolveInside(this.root, key) : null;
  }

  async put(key: string, data: Buffer | Readable, _options: { contentType: string }): Promise<void> {
    const absolute = this.pathOf(key);
    if (absolute === null) throw new UnsafeKeyError(key);
    await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
    if (Buffer.isBuffer(data)) {
      await fs.promises.writeFile(absolute, data, { flag: 'wx' });
      return;
    }
    try {
      await pipeline(data, fs.createWriteStream(absolute, { flags: 'wx' }));
    } catch (error) {
      // A stream cut short leaves no half file behind (unless the name was taken: that file is not ours).
      if ((error as { code?: unknown }).code !== 'EEXIST') await fs.promises.rm(absolute, { force: true });
      throw error;
    }
  }

  private async fileSize(absolute: string | null): Promise<number | null> {
    if (absolute === null) return null;
    try {
      const stat = await fs.promises.stat(absolute);
      return stat.isFile() ? stat.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const absolute = this.pathOf(key);
    const size = await this.fileSize(absolute);
    if (absolute === null || size === null) return null;
    return { body: fs.createReadStream(absolute), size, contentType: allowedTypeOf(key)?.type.mime ?? OCTET_STREAM };
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    const absolute = this.pathOf(key);
    if (absolute === null || (await this.fileSize(absolute)) === null) return null;
    const handle = await fs.promises.open(absolute, 'r');
    try {
      const head = Buffer.alloc(length);
      const { bytesRead } = await handle.read(head, 0, length, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    const absolute = this.pathOf(key);
    if (absolute === null) return;
    try {
      await fs.promises.unlink(absolute);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.fileSize(this.pathOf(key))) !== null;
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }
}
