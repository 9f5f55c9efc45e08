import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isSafeKey, UnsafeKeyError, type FileStore, type StoredObject } from './file-store';

export interface S3Settings {
  /** null: the AWS endpoint of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** null (both): the SDK's default credential chain (environment, instance role …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

const OCTET_STREAM = 'application/octet-stream';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata;
  return typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

function nameOf(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : '';
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404 || nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound';
}

async function bytesOf(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Files in a bucket of an S3-compatible object store (AWS S3, MinIO, Ceph …): every server instance
 * configured with the same bucket sees the same files.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where the API demands them: many S3-compatible stores refuse the newer default headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint !== null ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId !== null && settings.secretAccessKey !== null
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, data: Buffer | Readable, options: { contentType: string }): Promise<void> {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
    // A single PUT needs the length up front; uploads are bounded by UPLOAD_MAX_BYTES, so a stream is read whole.
    const body = await bytesOf(data);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: options.contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return { body, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? OCTET_STREAM };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return (await bytesOf(body)).subarray(0, length);
    } catch (error) {
      if (isNotFound(error)) return null;
      // An empty object has no byte 0: the range is "not satisfiable", yet the object is there.
      if (statusOf(error) === 416 || nameOf(error) === 'InvalidRange') return Buffer.alloc(0);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
