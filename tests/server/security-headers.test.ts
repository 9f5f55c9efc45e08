/** Security headers, precompressed assets and compressed JSON (issue #20). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../server/http/security-headers';
import { precompressDirectory } from '../../scripts/build-precompress';
import { tempDir, useDemoServer } from './helpers';

const clientDir = tempDir('client');
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index}`))};\n`;
beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>back-office</title><div id="root"></div>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), BIG_SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  await precompressDirectory(clientDir);
});
const demo = useDemoServer({ env: { CLIENT_DIR: clientDir } });
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;" +
  "connect-src 'self' blob: ws://shop.example:8080 wss://shop.example:8080;frame-src 'self' blob: https:;worker-src 'self' blob:;" +
  "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'";

describe('security headers', () => {
  it('puts the SPA policy, nosniff, framing and referrer rules on HTML, and no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/cust/custMemberList', '/index.html']) {
      const page = await demo.app.inject({ method: 'GET', url, headers: { host: 'shop.example:8080' } });
      expect(page.headers['content-security-policy'], url).toBe(EXPECTED_CSP);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('does not repeat a strange Host header inside the policy', async () => {
    const page = await demo.app.inject({ method: 'GET', url: '/', headers: { host: "evil.example; script-src 'unsafe-inline'" } });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' blob: 'self';");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline;');
  });

  it('sends nosniff on every answer, a refused one included, but the page policy only on HTML', async () => {
    const refused = await demo.app.inject({ method: 'GET', url: '/api/sys/user/list' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toBeUndefined();
    const asset = await demo.app.inject({ method: 'GET', url: '/assets/tiny-abc123.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
  });

  it('sends HSTS only when the request came over TLS', async () => {
    // inject has no TLS socket; an app that trusts a proxy takes the protocol from X-Forwarded-Proto,
    // which drives the same request.protocol the hook reads.
    const behindProxy = Fastify({ trustProxy: true });
    await registerSecurityHeaders(behindProxy);
    behindProxy.get('/', async () => 'ok');
    const overTls = await behindProxy.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const plain = await behindProxy.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await behindProxy.close();
  });
});

describe('compression', () => {
  it('serves the precompressed file to a client that accepts brotli or gzip, the plain one otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const br = await demo.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await demo.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await demo.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    expect(fs.existsSync(path.join(clientDir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it('compresses API JSON above 1 KB, not below it', async () => {
    const headers = { 'x-access-token': demo.admin, 'accept-encoding': 'br, gzip' };
    const big = await demo.app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers });
    expect(big.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(big.rawPayload).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text)).toMatchObject({ success: true, code: 200 });
    const small = await demo.app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/sex', headers });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves an Excel download as it is', async () => {
    const xlsx = await demo.app.inject({ method: 'GET', url: '/api/sys/user/exportXls', headers: { 'x-access-token': demo.admin, 'accept-encoding': 'br, gzip' } });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
