// Refine is imported for types only, so the login page can use the plain functions without loading it.
import type { AuthProvider, HttpError } from '@refinedev/core';
import type { RegisterRequest, ResetPasswordRequest, SmsMode } from '../contracts/account';
import { API } from '../contracts/api-paths';
import { HOME_PATH, LOGIN_PATH } from '../contracts/constants';
import { CODE_NO_TENANT, type ApiResult } from '../contracts/envelope';
import type { LoginResult, PermissionResult, UserInfo } from '../contracts/session';
import { http } from './http';
import { i18n } from './i18n';
import { session } from './session';

export type LoginParams =
  | { type: 'password'; username: string; password: string; captcha?: string; checkKey?: string; redirect?: string }
  | { type: 'phone'; mobile: string; captcha: string; redirect?: string }
  | { type: 'third'; token: string; redirect?: string }
  | { type: 'cas'; ticket: string; service: string; redirect?: string };

export interface LogoutOutcome {
  /** The server's message when the logout call failed; the session is cleared regardless. */
  error?: string;
}

function errorMessageOf(error: unknown, fallbackKey: string): string {
  return error instanceof Error && error.message ? error.message : i18n.t(`http:${fallbackKey}`);
}

function requestLogin(params: LoginParams): Promise<ApiResult<LoginResult>> {
  switch (params.type) {
    case 'password':
      return http.post<LoginResult>(API.login, {
        username: params.username,
        password: params.password,
        captcha: params.captcha,
        checkKey: params.checkKey,
      });
    case 'phone':
      return http.post<LoginResult>(API.phoneLogin, { mobile: params.mobile, captcha: params.captcha });
    case 'third':
      return http.get<LoginResult>(`${API.thirdLogin}/${encodeURIComponent(params.token)}`);
    case 'cas':
      return http.get<LoginResult>(API.casValidate, { ticket: params.ticket, service: params.service });
  }
}

/** Logs in with any variant; only `code` 200 with `success` counts (docs/spec.md §7 Auth). */
export async function login(params: LoginParams): Promise<LoginResult> {
  const response = await requestLogin(params);
  if (Number(response.code) === CODE_NO_TENANT) throw new Error(i18n.t('http:noTenant'));
  if (Number(response.code) !== 200 || response.success === false || !response.result?.token) {
    throw new Error(response.message || i18n.t('http:loginFailed'));
  }
  session.saveLogin(response.result);
  return response.result;
}

/** Asks for an SMS code; `smsmode` names its purpose (login when omitted). */
export async function sendSmsCode(mobile: string, smsmode?: SmsMode): Promise<ApiResult<unknown>> {
  const response = await sendForMessage(() => http.post(API.sms, smsmode === undefined ? { mobile } : { mobile, smsmode }));
  if (!response.success) throw new Error(response.message || i18n.t('http:requestFailed'));
  return response;
}

/** The envelope a refused call still carries (429, 400), so the page shows the server's words. */
function envelopeMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error;
  if (typeof response !== 'object' || response === null || !('data' in response)) return undefined;
  const { data } = response;
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' && data.message !== '' ? data.message : undefined;
}

async function sendForMessage<T>(request: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await request();
  } catch (error) {
    const message = envelopeMessage(error);
    throw message === undefined ? error : new Error(message);
  }
}

async function resultOf<T>(request: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const response = await sendForMessage(request);
  if (!response.success) throw new Error(response.message || i18n.t('http:requestFailed'));
  return response;
}

/** Creates an account that waits for an administrator's approval; resolves to its user name. */
export async function register(request: RegisterRequest): Promise<string> {
  const response = await resultOf(() => http.post<{ username: string }>(API.register, request));
  return response.result.username;
}

/** Trades a forgotten-password SMS code for a one-time reset ticket. */
export async function checkResetCode(phone: string, smscode: string): Promise<string> {
  const response = await resultOf(() => http.post<{ ticket: string }>(API.forgePasswordCheck, { phone, smscode }));
  return response.result.ticket;
}

/** Sets a new password with a reset ticket; the server ends every session of the account. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await resultOf(() => http.post(API.forgePassword, request));
}

/** Always completes: the session is cleared even when the server call fails (docs/spec.md §4). */
export async function logout(): Promise<LogoutOutcome> {
  const token = session.getToken();
  let outcome: LogoutOutcome = {};
  if (token) {
    try {
      const response = await http.post(API.logout);
      if (!response.success) outcome = { error: response.message || i18n.t('http:logoutFailed') };
    } catch (error) {
      outcome = { error: errorMessageOf(error, 'logoutFailed') };
    }
  }
  session.clear();
  return outcome;
}

/** The user has no menu at all: an account with no role (e.g. a newly approved self-registered one). */
export class EmptyMenuError extends Error {}

/** Fetches menu + button permissions; an empty menu is a failure (docs/spec.md §4). */
export async function loadPermissions(): Promise<PermissionResult> {
  const token = session.getToken();
  const response = await http.get<PermissionResult>(API.userPermissions, { token });
  if (!response.success) throw new Error(response.message || i18n.t('http:permissionLoadFailed'));
  const result = response.result;
  if (!result?.menu || result.menu.length === 0) throw new EmptyMenuError(i18n.t('http:permissionLoadFailed'));
  const permissions: PermissionResult = { menu: result.menu, auth: result.auth ?? [], allAuth: result.allAuth ?? [], ...(result.shopTimeZone ? { shopTimeZone: result.shopTimeZone } : {}) };
  session.setPermissions(permissions);
  return permissions;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('statusCode' in error && typeof error.statusCode === 'number') return error.statusCode;
  if ('status' in error && typeof error.status === 'number') return error.status;
  if ('response' in error && typeof error.response === 'object' && error.response !== null) {
    const { response } = error;
    if ('status' in response && typeof response.status === 'number') return response.status;
  }
  return undefined;
}

function redirectFrom(params: unknown): string {
  if (typeof params === 'object' && params !== null && 'redirect' in params && typeof params.redirect === 'string') {
    return params.redirect || HOME_PATH;
  }
  return HOME_PATH;
}

function asHttpError(error: unknown): HttpError {
  return { message: errorMessageOf(error, 'loginFailed'), statusCode: statusOf(error) ?? 500 };
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    try {
      await login(params);
      return { success: true, redirectTo: redirectFrom(params) };
    } catch (error) {
      return { success: false, error: asHttpError(error) };
    }
  },

  async logout() {
    const outcome = await logout();
    return {
      success: true,
      redirectTo: LOGIN_PATH,
      ...(outcome.error ? { error: { message: outcome.error, statusCode: 500 } } : {}),
    };
  },

  async check() {
    if (session.hasToken()) return { authenticated: true };
    await logout();
    return { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
  },

  async onError(error: unknown) {
    if (statusOf(error) === 401) return { logout: true, redirectTo: LOGIN_PATH };
    return {};
  },

  async getIdentity(): Promise<UserInfo | null> {
    return session.getUserInfo();
  },

  async getPermissions() {
    return session.getButtonAuth();
  },
};
