/**
 * A tiny load balancer for tests: each HTTP request and each websocket upgrade goes to the next target in
 * turn. Requests are forwarded with node:http; an upgrade is written raw to the target and the two sockets
 * are piped, so websocket frames pass untouched. `served` records which target took each request, in order.
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Index into the targets of each request or upgrade, in arrival order. */
  served: number[];
  close: () => Promise<void>;
}

export interface ProxyOptions {
  /**
   * The address the proxy connects to the targets from (a loopback alias such as 127.0.0.2), so the
   * targets see its clients as one address apart from the tests' own.
   */
  localAddress?: string;
}

interface Target {
  host: string;
  port: number;
}

function targetOf(base: string): Target {
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port) };
}

/** The upgrade request as it came, to be written to the target before the sockets are piped. */
function rawRequestHead(request: http.IncomingMessage): string {
  const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/${request.httpVersion}`];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export async function startRoundRobinProxy(targetUrls: readonly string[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  const targets = targetUrls.map(targetOf);
  const served: number[] = [];
  let turn = 0;
  const nextTarget = (): Target => {
    const index = turn % targets.length;
    turn += 1;
    served.push(index);
    const target = targets[index];
    if (target === undefined) throw new Error('the proxy has no targets');
    return target;
  };
  const upgraded = new Set<Duplex>();

  const server = http.createServer((request, response) => {
    const target = nextTarget();
    // A connection per request (no agent): nothing of the proxy's lingers on a target that closes.
    const upstream = http.request(
      { ...target, localAddress: options.localAddress, method: request.method, path: request.url, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const target = nextTarget();
    const upstream = net.connect({ ...target, localAddress: options.localAddress });
    upgraded.add(client);
    upgraded.add(upstream);
    upstream.on('connect', () => {
      upstream.write(rawRequestHead(request));
      if (head.length > 0) upstream.write(head);
      // Either side's end ends the other (pipe), after what was already sent (a close frame) is flushed.
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const broken = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', broken);
    client.on('error', broken);
    for (const side of [upstream, client]) side.on('close', () => upgraded.delete(side));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    close: async () => {
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
