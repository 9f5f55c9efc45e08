import type { FastifyInstance } from 'fastify';
import { ApiError, fail, MSG_NOT_FOUND, MSG_SERVER_ERROR } from './envelope';

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status: unknown = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : null;
}

/** Every failure leaves as an envelope; unexpected ones are logged and never show their details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(fail(error.message, error.code));
    }
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (typeof error === 'object' && error !== null && 'validation' in error) {
      return reply.status(400).send(fail(`参数校验失败: ${message}`, 400));
    }
    if (status !== null && status >= 400 && status < 500) {
      return reply.status(status).send(fail(message, status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(MSG_SERVER_ERROR, 500));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(MSG_NOT_FOUND, 404)));
}
