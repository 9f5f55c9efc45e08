import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fail, MSG_NOT_FOUND, MSG_SERVER_ERROR } from './envelope';
import { invalidInputMessage } from './schemas';
import { schemaIssueMessage, type SchemaIssue } from './validation-message';

export const MSG_BAD_MULTIPART = '上传的内容不完整或格式不正确';
export const MSG_BAD_BODY = '请求体格式不正确';
export const MSG_TOO_LARGE = '请求体或上传的文件超过允许的大小';

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status: unknown = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : null;
}

function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

function isSchemaIssue(value: unknown): value is SchemaIssue {
  if (typeof value !== 'object' || value === null) return false;
  const issue = value as Partial<SchemaIssue>;
  return typeof issue.keyword === 'string' && typeof issue.instancePath === 'string' && typeof issue.params === 'object';
}

/** The value an issue points at, read from the request part it names. */
function valueAt(request: FastifyRequest, context: string, path: string): unknown {
  const root: unknown = context === 'body' ? request.body : context === 'params' ? request.params : context === 'headers' ? request.headers : request.query;
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>((current, key) => (typeof current === 'object' && current !== null && Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined), root);
}

/**
 * Busboy and @fastify/multipart fail on a body without a boundary, a truncated body or a part over a
 * limit with their own errors; all of them are the client's fault.
 */
export function isMultipartFailure(error: unknown, message: string = error instanceof Error ? error.message : ''): boolean {
  if (/^FST_(INVALID_MULTIPART|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT|REQ_FILE_TOO_LARGE|PROTO_VIOLATION)/.test(codeOf(error))) return true;
  return /^(Multipart: Boundary not found|Unexpected end of (form|multipart)|Malformed (part )?header|Part terminated early|Unexpected end of file)/i.test(message);
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
      const validation: unknown = error.validation;
      const context: unknown = (error as { validationContext?: unknown }).validationContext;
      const where = typeof context === 'string' ? context : 'body';
      const issues = Array.isArray(validation) ? validation.filter(isSchemaIssue) : [];
      return reply.status(400).send(fail(schemaIssueMessage(issues, where, (issue) => valueAt(request, where, issue.instancePath)), 400));
    }
    if (isMultipartFailure(error, message)) {
      const tooLarge = status === 413;
      return reply.status(tooLarge ? 413 : 400).send(fail(invalidInputMessage('', tooLarge ? MSG_TOO_LARGE : MSG_BAD_MULTIPART), tooLarge ? 413 : 400));
    }
    if (status !== null && status >= 400 && status < 500) {
      // Fastify's own refusals (unparsable JSON, wrong content type, body too large) speak English.
      return reply.status(status).send(fail(codeOf(error).startsWith('FST_ERR_CTP') ? invalidInputMessage('', status === 413 ? MSG_TOO_LARGE : MSG_BAD_BODY) : message, status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(MSG_SERVER_ERROR, 500));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(MSG_NOT_FOUND, 404)));
}
