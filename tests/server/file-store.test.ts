/** The file store on both storages: the same round trip, and uploads served back from S3 (an in-process s3rver). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { LocalFileStore, S3FileStore, type FileStore } from '../../server/storage';
import { login, startTestServer, tempDir, type TestServer } from './helpers';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverInstance;
// s3rver ships no types: the two calls used here are typed above.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3rver: S3rverInstance;
let s3Dir: string;
let endpoint: string;
const BUCKET = 'mbo-files';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3Dir = tempDir('s3rver');
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_KEYS });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
});

afterAll(async () => {
  await s3rver.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const s3Env = () => ({
  FILE_STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'on',
});

const stores: Array<[string, () => { store: FileStore; cleanup: () => void }]> = [
  [
    'LocalFileStore',
    () => {
      const root = tempDir('local-store');
      return { store: new LocalFileStore(root), cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3FileStore',
    () => {
      const config = loadConfig(s3Env());
      if (config.fileStorage.kind !== 's3') throw new Error('expected s3 settings');
      return { store: new S3FileStore(config.fileStorage.s3), cleanup: () => undefined };
    },
  ],
];

describe.each(stores)('%s', (_name, make) => {
  it('puts, gets the same bytes back, knows it exists, deletes, then gets nothing', async () => {
    const { store, cleanup } = make();
    try {
      const key = `goods/${Date.now().toString(16)}aa.png`;
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      await store.put(key, PNG, { contentType: 'image/png' });
      expect(await store.exists(key)).toBe(true);
      const got = await store.get(key);
      if (got === null) throw new Error('nothing stored');
      expect(got.size).toBe(PNG.length);
      expect(got.contentType).toBe('image/png');
      expect((await readAll(got.body)).equals(PNG)).toBe(true);
      expect((await store.readStart(key, 4))?.equals(PNG.subarray(0, 4))).toBe(true);

      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      // Deleting what is not there is no error.
      await store.delete(key);
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('stores a stream, and refuses or ignores keys that are not plain relative paths', async () => {
    const { store, cleanup } = make();
    try {
      const key = `temp/${Date.now().toString(16)}bb.pdf`;
      await store.put(key, Readable.from([PDF.subarray(0, 10), PDF.subarray(10)]), { contentType: 'application/pdf' });
      const got = await store.get(key);
      if (got === null) throw new Error('nothing stored');
      expect((await readAll(got.body)).equals(PDF)).toBe(true);
      await store.delete(key);
      for (const bad of ['../secret.txt', 'temp/../../x.png', '/etc/passwd', 'a//b.png', '.hidden/a.png', 'a\\b.png', '']) {
        await expect(store.put(bad, PNG, { contentType: 'image/png' }), bad).rejects.toThrow();
        expect(await store.get(bad), bad).toBeNull();
        expect(await store.exists(bad), bad).toBe(false);
      }
    } finally {
      await store.close();
      cleanup();
    }
  });
});

describe('FILE_STORAGE settings', () => {
  it('defaults to the local disk and refuses s3 without a bucket, with a clear message', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    let error: unknown;
    try {
      loadConfig({ FILE_STORAGE: 's3' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toContain('FILE_STORAGE=s3 needs S3_BUCKET (the bucket that holds the uploads)');
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE must be "local" or "s3" (got "ftp")');
    expect(() => loadConfig({ ...s3Env(), S3_SECRET_ACCESS_KEY: '' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  });
});

describe('uploads with FILE_STORAGE=s3', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(s3Env());
    token = (await login(server.app, 'admin')).token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('stores /oss/file/upload in the bucket (not on the disk) and /sys/common/static serves it back identical', async () => {
    const boundary = '----mbo-s3-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ngoods\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="商品图.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({ method: 'POST', url: '/api/oss/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token } });
    const body = uploaded.json<{ success: boolean; message: string }>();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^goods\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(server.dataDir, 'uploads', body.message))).toBe(false);

    const config = loadConfig(s3Env());
    if (config.fileStorage.kind !== 's3') throw new Error('expected s3 settings');
    const bucket = new S3FileStore(config.fileStorage.s3);
    expect(await bucket.exists(body.message)).toBe(true);
    await bucket.close();

    const served = await server.app.inject({ method: 'GET', url: `/api/sys/common/static/${body.message}`, headers: { 'x-access-token': token } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const row = await server.app.db.selectFrom('sys_file').selectAll().where('file_key', '=', body.message).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: '商品图.png', file_type: 'png', storage: 's3', biz: 'goods', create_by: 'admin', tenant_id: 0 });
    expect(Number(row.file_size)).toBe(PNG.length);

    // 文件管理's download reads the same object from the bucket, under the original name.
    const downloaded = await server.app.inject({ method: 'GET', url: `/api/sys/oss/file/download?id=${row.id}`, headers: { 'x-access-token': token } });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="___.png"; filename*=UTF-8''${encodeURIComponent('商品图.png')}`);
    expect(downloaded.rawPayload.equals(PNG)).toBe(true);
  });

  it('previews a PDF from the bucket, and answers 404 for a key with nothing under it', async () => {
    const boundary = '----mbo-s3-pdf';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({ method: 'POST', url: '/api/sys/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token } });
    const key = uploaded.json<{ message: string }>().message;
    const preview = await server.app.inject({ method: 'GET', url: `/api/sys/common/pdf/pdfPreviewIframe?path=${encodeURIComponent(key)}`, headers: { 'x-access-token': token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.equals(PDF)).toBe(true);
    const missing = await server.app.inject({ method: 'GET', url: '/api/sys/common/static/temp/00000000000000000000000000000000.png', headers: { 'x-access-token': token } });
    expect(missing.statusCode).toBe(404);
  });
});
