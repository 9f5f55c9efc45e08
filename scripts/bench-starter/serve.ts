/**
 * A static server for the built starter, as the product server serves its client: a precompressed .br
 * or .gz copy when the browser accepts it, hashed assets cached, and index.html for any other path; and the
 * local mock its list page reads (the REST shape @refinedev/simple-rest expects).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/** The file to send for a request path, with its encoding; unknown paths get index.html. */
function pick(root: string, request: IncomingMessage): { file: string; type: string; encoding: string | null } {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://starter').pathname);
  const candidate = path.resolve(root, `.${path.posix.normalize(pathname)}`);
  const file = candidate.startsWith(root + path.sep) && isFile(candidate) ? candidate : path.join(root, 'index.html');
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts) && isFile(`${file}.br`)) return { file: `${file}.br`, type, encoding: 'br' };
  if (/\bgzip\b/.test(accepts) && isFile(`${file}.gz`)) return { file: `${file}.gz`, type, encoding: 'gzip' };
  return { file, type, encoding: null };
}

/** The starter's list reads its rows here, as simple-rest asks a json-server: `/mock/orders?_start=0&_end=10`. */
export const MOCK_PREFIX = '/mock/';
const MOCK_ROWS = 200;

/** A page of order-like rows, with the total in x-total-count (simple-rest's paging). */
function answerMock(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://starter');
  const start = Math.max(0, Number(url.searchParams.get('_start') ?? 0) || 0);
  const end = Math.min(MOCK_ROWS, Number(url.searchParams.get('_end') ?? 10) || 10);
  const rows = [];
  for (let index = start; index < end; index += 1) {
    rows.push({
      id: index + 1,
      no: `SO2026120500${String(index + 1).padStart(4, '0')}`,
      member: `会员${index + 1}`,
      payPrice: ((index * 37) % 1000) + 0.5,
      status: ['待付款', '待发货', '待收货', '已完成'][index % 4],
      createTime: '2026-12-05 10:00:00',
    });
  }
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('x-total-count', String(MOCK_ROWS));
  response.setHeader('access-control-expose-headers', 'x-total-count');
  response.end(JSON.stringify(rows));
}

export interface StaticServer {
  baseURL: string;
  close(): Promise<void>;
}

export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = path.resolve(dir);
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith(MOCK_PREFIX)) {
      answerMock(request, response);
      return;
    }
    const { file, type, encoding } = pick(root, request);
    response.setHeader('content-type', type);
    response.setHeader('vary', 'accept-encoding');
    response.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (encoding) response.setHeader('content-encoding', encoding);
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('starter server: no port');
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
