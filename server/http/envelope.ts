import { Readable } from 'node:stream';
import type { ApiResult } from '../../src/contracts/envelope';

export const MSG_TOKEN_INVALID = 'Token失效，请重新登录!';
export const MSG_FORBIDDEN = '没有权限，请联系管理员授权';
export const MSG_TENANT_CHANGED = '用户租户信息变更,请重新登陆!';
export const MSG_NOT_FOUND = '很抱歉，资源未找到!';
export const MSG_SERVER_ERROR = '操作失败，服务器内部错误';
export const MSG_OK = '操作成功！';

export function ok<T>(result: T, message: string = MSG_OK): ApiResult<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/**
 * `ok(result)` as UTF-8 JSON around a result kept as UTF-8 JSON (an answer cached serialised), streamed in
 * three pieces: the kept bytes are sent as they are, where joining them into one string or buffer per answer
 * made a large object each time (on the JavaScript heap, or fragmenting the native one).
 */
export function okJsonStream(resultJson: Buffer, message: string = MSG_OK): Readable {
  const head = Buffer.from(`{"success":true,"message":${JSON.stringify(message)},"code":200,"result":`);
  return Readable.from([head, resultJson, Buffer.from(`,"timestamp":${Date.now()}}`)], { objectMode: false });
}

export function fail(message: string, code = 500): ApiResult<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/**
 * An error that becomes an envelope. Business failures keep HTTP 200 (the client reads `success`);
 * token, permission, validation and rate-limit failures carry their own HTTP status.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number = 200,
    readonly code: number = 500,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** success:false, code 500, HTTP 200 — the ordinary "could not do that" answer. */
export const businessError = (message: string) => new ApiError(message, 200, 500);
export const unauthorized = () => new ApiError(MSG_TOKEN_INVALID, 401, 401);
export const forbidden = (message: string = MSG_FORBIDDEN) => new ApiError(message, 403, 403);
export const tooManyRequests = (message: string) => new ApiError(message, 429, 429);
