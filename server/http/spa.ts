import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_PATH, PRERENDERED_LOGIN_FILE } from '../../src/contracts/constants';
import { applyHtmlSecurityPolicy } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path inside the client folder that names an existing file, or null (dot-files never count). */
function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (relative === '' || relative.split('/').some((segment) => segment.startsWith('.'))) return null;
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(absolute).isFile() ? relative : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA on the API's port: real files as they are (hashed /assets/* cached forever),
 * every other GET outside the API base gets index.html so client-side routes survive a reload (the login
 * route gets login.html, the same shell with the login form prerendered). HTML carries the SPA's
 * Content-Security-Policy.
 */
export async function registerClient(app: FastifyInstance, options: { clientDir: string; apiBase: string }): Promise<boolean> {
  const root = path.resolve(options.clientDir);
  const underApi = (url: string) => url === options.apiBase || url.startsWith(`${options.apiBase}/`) || url.startsWith(`${options.apiBase}?`);

  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`Client not found: ${path.join(root, 'index.html')} does not exist. Serving the API only; run "npm run build:client" (or set CLIENT_DIR).`);
    app.get('/*', { config: { access: 'static' } }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (underApi(request.url)) return reply.callNotFound();
      return reply.status(404).type('text/plain; charset=utf-8').send(`The web client is not built (no index.html in ${root}). The API is under ${options.apiBase}.`);
    });
    return false;
  }

  // The build writes .br and .gz next to each compressible asset (scripts/build-precompress.ts); a client
  // that accepts one gets the file compressed once at build time, at the best level, for free.
  await app.register(fastifyStatic, { root, serve: false, dotfiles: 'deny', preCompressed: true });
  // The login route has its own page: the same shell with the login form prerendered, so it paints
  // before the scripts have run (scripts/prerender-login/). Every other route gets the plain shell.
  const hasPrerenderedLogin = fs.existsSync(path.join(root, PRERENDERED_LOGIN_FILE));
  app.get('/*', { config: { access: 'static' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (underApi(request.url)) return reply.callNotFound();
    const urlPath = request.url.split('?')[0] ?? '/';
    const file = fileInside(root, urlPath);
    if (file !== null) {
      reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      // The bytes depend on Accept-Encoding (a precompressed variant or not): caches must know.
      reply.header('vary', 'accept-encoding');
      if (file.endsWith('.html')) applyHtmlSecurityPolicy(reply);
      return reply.sendFile(file, { cacheControl: false });
    }
    // A missing hashed asset is a stale build reference, not a client route: say so instead of sending HTML.
    if (urlPath.startsWith('/assets/')) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    applyHtmlSecurityPolicy(reply);
    return reply.sendFile(urlPath === LOGIN_PATH && hasPrerenderedLogin ? PRERENDERED_LOGIN_FILE : 'index.html', { cacheControl: false });
  });
  return true;
}
