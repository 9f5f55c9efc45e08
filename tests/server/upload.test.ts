import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = '----mbo-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let server: TestServer;
let token: string;

async function upload(url: string, parts: Part[], auth: string | null = token) {
  const { payload, contentType } = multipartBody(parts);
  const response = await server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(auth !== null ? { 'x-access-token': auth } : {}) },
  });
  return { status: response.statusCode, body: response.json<{ success: boolean; message: string; result: Record<string, unknown> | null }>() };
}

async function fetchStatic(relative: string, auth: string | null = token) {
  return server.app.inject({ method: 'GET', url: `/api/sys/common/static/${relative}`, headers: auth !== null ? { 'x-access-token': auth } : {} });
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server.app, 'admin')).token;
});

afterAll(async () => {
  await server.close();
});

describe('POST /sys/common/upload', () => {
  it('stores an image under DATA_DIR/uploads/<biz>/ with a random name and returns the path in message', async () => {
    const { status, body } = await upload('/api/sys/common/upload', [
      { name: 'file', value: PNG, filename: '../../evil name.png' },
      { name: 'biz', value: 'goods' },
      { name: 'isup', value: '1' },
    ]);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^goods\/[0-9a-f]{32}\.png$/);
    const stored = path.join(server.dataDir, 'uploads', body.message);
    expect(fs.readFileSync(stored).equals(PNG)).toBe(true);

    const served = await fetchStatic(body.message);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^inline/);
  });

  it('uses biz temp by default and serves text as an attachment', async () => {
    const { body } = await upload('/api/sys/common/upload', [{ name: 'file', value: Buffer.from('hello, 世界\n'), filename: 'notes.txt' }]);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^temp\/[0-9a-f]{32}\.txt$/);
    const served = await fetchStatic(body.message);
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('refuses an executable, whatever its name says', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const asExe = await upload('/api/sys/common/upload', [{ name: 'file', value: exe, filename: 'setup.exe' }]);
    expect(asExe.body).toMatchObject({ success: false, message: '不允许上传可执行文件' });
    const disguised = await upload('/api/sys/common/upload', [{ name: 'file', value: exe, filename: 'photo.png' }]);
    expect(disguised.body).toMatchObject({ success: false, message: '不允许上传可执行文件' });
    const script = await upload('/api/sys/common/upload', [{ name: 'file', value: Buffer.from('<script>alert(1)</script>'), filename: 'page.html' }]);
    expect(script.body).toMatchObject({ success: false, message: '不允许上传该类型的文件' });
    const mismatch = await upload('/api/sys/common/upload', [{ name: 'file', value: Buffer.from('not a png'), filename: 'fake.png' }]);
    expect(mismatch.body).toMatchObject({ success: false, message: '文件内容与扩展名不符' });
    expect(fs.existsSync(path.join(server.dataDir, 'uploads', 'temp')) ? fs.readdirSync(path.join(server.dataDir, 'uploads', 'temp')).some((f) => !f.endsWith('.txt')) : false).toBe(false);
  });

  it('refuses a file over the size limit (10 MB)', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const { body } = await upload('/api/sys/common/upload', [{ name: 'file', value: big, filename: 'big.pdf' }]);
    expect(body).toMatchObject({ success: false, message: '文件大小超过限制(10MB)' });
  });

  it('refuses a biz path with traversal or separators', async () => {
    for (const biz of ['../etc', '..', 'a/b', 'a\\b', '.hidden', 'x'.repeat(33)]) {
      const { body } = await upload('/api/sys/common/upload', [
        { name: 'file', value: PNG, filename: 'a.png' },
        { name: 'biz', value: biz },
      ]);
      expect(body, biz).toMatchObject({ success: false, message: '非法的业务路径' });
    }
  });

  it('needs a session: 401 without a token', async () => {
    const { status } = await upload('/api/sys/common/upload', [{ name: 'file', value: PNG, filename: 'a.png' }], null);
    expect(status).toBe(401);
  });
});

describe('POST /oss/file/upload', () => {
  it('stores under biz (default temp) and answers success with the stored path in message', async () => {
    const { body } = await upload('/api/oss/file/upload', [
      { name: 'file', value: PDF, filename: 'contract.pdf' },
      { name: 'type', value: 'file' },
      { name: 'id', value: 'abc' },
    ]);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^temp\/[0-9a-f]{32}\.pdf$/);
    expect(body.result).toMatchObject({ id: 'abc', name: 'contract.pdf', path: body.message, status: 'done' });
  });
});

describe('file names that cannot be shown as they are', () => {
  it('answers 400 for a NUL, another control character or a mark that reverses the text, on both upload routes, and stores nothing', async () => {
    const count = async () => Number((await server.app.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const url of ['/api/sys/common/upload', '/api/oss/file/upload']) {
      for (const filename of ['a\u0000b.txt', 'invoice\u202Etxt.exe.txt', 'a\u2067b\u2069.txt', 'tab\there.txt', 'x\u200Fy.txt']) {
        const { status, body } = await upload(url, [{ name: 'file', value: Buffer.from('hello'), filename }]);
        expect({ url, filename, status, body: { success: body.success, message: body.message } }).toEqual({
          url,
          filename,
          status: 400,
          body: { success: false, message: '参数校验失败：文件名不能包含控制字符或改变文字方向的字符' },
        });
      }
    }
    expect(await count()).toBe(before);
    // A Chinese name with spaces and punctuation is an ordinary name.
    expect((await upload('/api/oss/file/upload', [{ name: 'file', value: Buffer.from('hello'), filename: '说明 (第2版)·定稿.txt' }])).body.success).toBe(true);
  });
});

describe('stored file records (sys_file)', () => {
  it('writes one row per successful upload (original name, type, size, uploader, tenant) and none for a refusal', async () => {
    const before = await server.app.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const { body } = await upload('/api/oss/file/upload', [
      { name: 'file', value: PDF, filename: '合同 2026.pdf' },
      { name: 'biz', value: 'contracts' },
    ]);
    expect(body.success).toBe(true);
    const refused = await upload('/api/sys/common/upload', [{ name: 'file', value: Buffer.from('not a png'), filename: 'fake.png' }]);
    expect(refused.body.success).toBe(false);
    const after = await server.app.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const row = await server.app.db.selectFrom('sys_file').selectAll().where('file_key', '=', body.message).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: '合同 2026.pdf', file_type: 'pdf', storage: 'local', biz: 'contracts', create_by: 'admin', tenant_id: 0 });
    expect(Number(row.file_size)).toBe(PDF.length);
  });
});

describe('GET /sys/common/static/* and the PDF preview', () => {
  it('serves nothing outside the upload root', async () => {
    fs.writeFileSync(path.join(server.dataDir, 'secret.txt'), 'secret');
    for (const relative of ['../secret.txt', '..%2Fsecret.txt', '%2e%2e/secret.txt', 'temp/../../secret.txt', '..%5Csecret.txt', '../token-secret']) {
      const response = await fetchStatic(relative);
      expect(response.statusCode, relative).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });

  it('needs a session', async () => {
    const { body } = await upload('/api/sys/common/upload', [{ name: 'file', value: PNG, filename: 'a.png' }]);
    expect((await fetchStatic(body.message, null)).statusCode).toBe(401);
  });

  it('serves a stored PDF inline as application/pdf to a session, and refuses other files', async () => {
    const { body } = await upload('/api/sys/common/upload', [{ name: 'file', value: PDF, filename: 'c.pdf' }]);
    const preview = (relative: string, auth: string | null = token) =>
      server.app.inject({ method: 'GET', url: `/api/sys/common/pdf/pdfPreviewIframe?path=${encodeURIComponent(relative)}`, headers: auth !== null ? { 'x-access-token': auth } : {} });
    const page = await preview(body.message);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/pdf');
    expect(page.headers['content-disposition']).toMatch(/^inline;/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.rawPayload.equals(PDF)).toBe(true);
    expect((await preview(body.message, null)).statusCode).toBe(401);

    const png = await upload('/api/sys/common/upload', [{ name: 'file', value: PNG, filename: 'a.png' }]);
    expect((await preview(png.body.message)).statusCode).toBe(404);
    // A file inside the root called .pdf whose bytes are not a PDF is no PDF either.
    const fake = path.join(server.dataDir, 'uploads', 'temp', 'fake.pdf');
    fs.writeFileSync(fake, '<html><script>alert(1)</script></html>');
    expect((await preview('temp/fake.pdf')).statusCode).toBe(404);
    fs.writeFileSync(path.join(server.dataDir, 'outside.pdf'), PDF);
    for (const relative of ['../outside.pdf', 'temp/../../outside.pdf', '..%2Foutside.pdf', '/etc/passwd', '..\\outside.pdf', '']) {
      const refused = await preview(relative);
      expect(refused.statusCode, relative).toBe(404);
      expect(refused.headers['content-type'], relative).not.toBe('application/pdf');
    }
  });
});
