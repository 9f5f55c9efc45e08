import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

// What a balancer or a caller may pass on: short and plain, so it cannot forge or break a log line.
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id (Fastify's genReqId): the incoming x-request-id when it is acceptable, so one id
 * follows a request from the balancer through every instance's log, else a fresh UUID. Fastify puts it
 * on every log line of the request as `reqId`.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** Answers every request (errors and the SPA included) with its id, for a caller to quote. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
