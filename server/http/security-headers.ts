import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A Host header we are willing to repeat inside a policy: a host name or address and an optional port. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The page's own host as websocket origins (CSP 'self' does not cover ws:/wss: in every browser). */
function ownSocketOrigins(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * What the SPA needs and nothing more: its own scripts only (no inline script); inline styles because
 * antd writes its CSS-in-JS into <style> tags at run time; images also from data:/blob: (uploads,
 * previews) and https: (announcement images, which the sanitizer allows); the API and both sockets on
 * the same host, and reading back the blob: URLs the app made; frames from itself, blob: (the PDF preview) and https: (menu pages shown in an iframe);
 * and nobody but the app itself may frame it. (object-src 'none' does not stop Chromium's PDF viewer
 * in the preview's blob: frame: tried.)
 */
export const HTML_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'blob:', ownSocketOrigins],
  frameSrc: ["'self'", 'blob:', 'https:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Helmet's headers on every response (nosniff, SAMEORIGIN framing, a same-origin referrer policy, …).
 * The Content-Security-Policy goes on HTML only (applyHtmlSecurityPolicy), so a PDF or an image opened
 * on its own is not constrained by a policy written for the SPA; HSTS only when served over TLS, since
 * on plain HTTP it is ignored at best and locks a later TLS misconfiguration in at worst.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/** Adds the SPA's Content-Security-Policy to an HTML answer. */
export function applyHtmlSecurityPolicy(reply: FastifyReply): void {
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: HTML_CSP_DIRECTIVES } });
}
