import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { LogWriter } from './log-writer';
import { LOG_TYPE_LOGIN, LOG_TYPE_OPERATION } from './log-tables';
import { redactParams } from './redact';

/** The envelope a response carried, seen before serialisation. */
interface Outcome {
  success: boolean | null;
  message: string | null;
  /** Who logged in, from a successful login's answer. */
  loginUsername: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    logOutcome: Outcome | null;
    /** Set by leaveOutOfLog: the request writes no log row. */
    logLeftOut: boolean;
  }
}

/**
 * Keeps a request out of the login and operation logs: for a login refused by the limiter after its first
 * refusal in a window (server/auth/login-limiter.ts), which would otherwise let anyone fill the log.
 */
export function leaveOutOfLog(request: FastifyRequest): void {
  request.logLeftOut = true;
}

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Staff logins (route patterns relative to the API base): each attempt goes to the login log. */
const LOGIN_ROUTES = new Set<string>([API.login, API.phoneLogin, `${API.thirdLogin}/:token`, API.casValidate]);

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function outcomeOf(payload: unknown): Outcome | null {
  const envelope = record(payload);
  if (envelope === null || !('success' in envelope)) return null;
  const userInfo = record(record(envelope.result)?.userInfo);
  return {
    success: typeof envelope.success === 'boolean' ? envelope.success : null,
    message: typeof envelope.message === 'string' ? envelope.message.slice(0, 500) : null,
    loginUsername: typeof userInfo?.username === 'string' ? userInfo.username : null,
  };
}

function attemptedName(request: FastifyRequest): string | null {
  const body = record(request.body);
  const name = body?.username ?? body?.mobile;
  return typeof name === 'string' ? name : null;
}

function requestParams(request: FastifyRequest): string | null {
  return redactParams({ ...(record(request.query) ?? {}), ...(record(request.params) ?? {}), ...(record(request.body) ?? {}) });
}

/**
 * The login log (every staff login attempt: who, from where, when, the result) and the operation log
 * (every mutating API request: user, method, route, permission code, parameters with secrets removed,
 * result, duration, ip), written through the batching LogWriter after the response has gone.
 */
export function installRequestLogging(app: FastifyInstance, options: { apiBase: string; writer: LogWriter }): void {
  const { apiBase, writer } = options;
  app.decorateRequest('logOutcome', null);
  app.decorateRequest('logLeftOut', false);

  app.addHook('preSerialization', async (request, _reply, payload) => {
    request.logOutcome = outcomeOf(payload);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || request.is404 || request.logLeftOut || !route.startsWith(`${apiBase}/`)) return;
    const apiRoute = route.slice(apiBase.length);
    const outcome = request.logOutcome;
    const success = outcome?.success ?? reply.statusCode < 400;
    const base = {
      ip: request.ip,
      request_url: route,
      request_type: request.method,
      status: reply.statusCode,
      success,
      cost_time: Math.round(reply.elapsedTime),
      tenant_id: request.tenantId ?? 0,
    };
    if (LOGIN_ROUTES.has(apiRoute)) {
      const username = outcome?.loginUsername ?? attemptedName(request);
      writer.write({
        ...base,
        log_type: LOG_TYPE_LOGIN,
        username,
        create_by: username,
        log_content: success ? `用户名: ${username ?? ''},登录成功！` : `登录失败：${outcome?.message ?? reply.statusCode}`,
      });
      return;
    }
    if (!MUTATING.has(request.method)) return;
    const access = request.routeOptions.config.access;
    writer.write({
      ...base,
      log_type: LOG_TYPE_OPERATION,
      userid: request.auth?.userId ?? null,
      username: request.auth?.username ?? null,
      create_by: request.auth?.username ?? null,
      permission_code: typeof access === 'object' ? access.permission : null,
      request_param: requestParams(request),
      log_content: outcome?.message ?? null,
    });
  });
}
