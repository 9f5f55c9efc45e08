import type { IncomingMessage } from 'node:http';
import { HEADER_TENANT, HEADER_TOKEN } from '../../src/contracts/constants';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * A browser cannot set headers on a WebSocket, so the client offers its token as the sub-protocol
 * (as the JeecgBoot client does) or, failing that, as `?token=`; the tenant may come as `?tenantId=`.
 * Copying them into the ordinary headers before Fastify routes the upgrade lets the one access gate
 * authenticate sockets exactly as it does every other request. Only the socket paths get this.
 */
export function moveUpgradeCredentials(request: IncomingMessage, socketPathPrefixes: readonly string[]): void {
  const url = new URL(request.url ?? '/', 'http://socket.invalid');
  if (!socketPathPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return;
  const headers = request.headers;
  const tokenHeader = HEADER_TOKEN.toLowerCase();
  if (firstHeader(headers[tokenHeader]) === undefined) {
    const offered = firstHeader(headers['sec-websocket-protocol'])?.split(',')[0]?.trim();
    const token = offered !== undefined && offered !== '' ? offered : url.searchParams.get('token');
    if (token !== null && token !== '') headers[tokenHeader] = token;
  }
  const tenant = url.searchParams.get('tenantId');
  if (tenant !== null && firstHeader(headers[HEADER_TENANT]) === undefined) headers[HEADER_TENANT] = tenant;
}
