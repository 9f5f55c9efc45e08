import type { FastifyRequest } from 'fastify';

/**
 * For a request whose whole body has arrived and whose answer takes long to work out (a large import): the idle
 * deadline (IDLE_TIMEOUT_MS, server/app.ts) drops connections where nothing moves — a stalled client — but here
 * the server is the one working, and dropping the line would lose the answer of work that goes on. Node sets the
 * socket's keep-alive deadline again once the answer is sent, and the idle one with the connection's next request.
 */
export function keepConnectionWhileWorking(request: FastifyRequest): void {
  // An injected request (app.inject, no network) has a stand-in socket without timers, and no deadline to lift.
  const socket: { setTimeout?: unknown } | undefined = request.raw.socket;
  if (typeof socket?.setTimeout === 'function') request.raw.socket.setTimeout(0);
}
