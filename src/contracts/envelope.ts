/** The response envelope of every API call (docs/reference/jeecg-conventions.md §1.1). */
export interface ApiResult<T = unknown> {
  success: boolean;
  message: string;
  /** 200 ok, 500 business error, 401 token invalid, 403 no permission, 412/429 as documented. */
  code: number;
  result: T;
  timestamp: number;
}

/** A page of a list endpoint (`GET {base}/list`). */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/**
 * The envelope code of a login refused because the user belongs to no tenant (a business refusal, HTTP 200): the
 * login page tells the user so in their language instead of letting them work in an empty tenant 0.
 */
export const CODE_NO_TENANT = 4031;

/** The phrase a token failure carries; older servers send it with HTTP 500 (docs/reference/jeecg-conventions.md §1.2). */
export const TOKEN_EXPIRED_PHRASE = 'Token失效';
