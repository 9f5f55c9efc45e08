import { isAxiosError } from 'axios';
import type { AxiosError } from 'axios';
import { LOGOUT_RELOAD_DELAY_MS } from '../../contracts/constants';
import { TOKEN_EXPIRED_PHRASE } from '../../contracts/envelope';
import { i18n } from '../i18n';
import { session } from '../session';
import { pageControl } from './page';
import { getHttpPresenter, notePresented } from './presenter';

export interface ErrorActions {
  /** Clears the session and tells the server (best effort). */
  endSession: () => Promise<void>;
}

// Several requests failing together with 401 must log out and reload once (docs/spec.md §8).
let unauthorizedPending = false;
let loginExpiredShown = false;

/** For tests: forget that a logout/reload is pending. */
export function resetHttpErrorState(): void {
  unauthorizedPending = false;
  loginExpiredShown = false;
}

function t(key: string): string {
  return i18n.t(`http:${key}`);
}

function readBlob(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('blob read failed'));
    reader.readAsText(blob);
  });
}

/** A download answers errors as a Blob: read it as text and parse the envelope first. */
async function responseBody(error: AxiosError): Promise<unknown> {
  const data: unknown = error.response?.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await readBlob(data)) as unknown;
    } catch {
      return null;
    }
  }
  return data;
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return '';
}

function isTimeout(error: AxiosError): boolean {
  return error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);
}

function relogin(actions: ErrorActions): () => void {
  return () => {
    void actions.endSession().finally(() => {
      loginExpiredShown = false;
      pageControl.reload();
    });
  };
}

/** The text the client showed for a failed request, by the request's error (what a caller reports of it). */
const shownTexts = new WeakMap<object, string>();

/** What the user was told of this failure, or undefined when nothing was shown (a silent call, a 401, an expiry). */
export function presentedTextOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? shownTexts.get(error) : undefined;
}

function show(error: object, text: string): void {
  getHttpPresenter().notifyError(t('systemTip'), text);
  shownTexts.set(error, text);
  notePresented(text);
}

function handleUnauthorized(error: object, actions: ErrorActions): void {
  if (unauthorizedPending) return;
  show(error, t('unauthorized'));
  if (!session.hasToken()) return;
  unauthorizedPending = true;
  void actions.endSession();
  setTimeout(() => {
    unauthorizedPending = false;
    pageControl.reload();
  }, LOGOUT_RELOAD_DELAY_MS);
}

/** Presents a failed request per the docs/spec.md §8 error catalogue; the caller still gets the rejection. */
export async function handleHttpError(error: unknown, actions: ErrorActions): Promise<void> {
  const presenter = getHttpPresenter();
  if (!isAxiosError(error)) {
    presenter.notifyError(t('systemTip'), error instanceof Error ? error.message : t('requestFailed'));
    return;
  }
  if (error.config?.silent) return;
  if (!error.response) {
    show(error, isTimeout(error) ? t('timeout') : error.message);
    return;
  }
  const body = await responseBody(error);
  const message = messageOf(body);
  switch (error.response.status) {
    case 403:
      // The server says why (没有权限，请联系管理员授权; 用户租户信息变更…), never axios's "Request failed with status code 403".
      show(error, message || t('forbidden'));
      return;
    case 500:
      if (message.includes(TOKEN_EXPIRED_PHRASE) && session.hasToken()) {
        if (loginExpiredShown) return;
        loginExpiredShown = true;
        presenter.showLoginExpired(relogin(actions));
      } else if (message) {
        show(error, message);
      }
      return;
    case 404:
      show(error, t('notFound'));
      return;
    case 504:
      show(error, t('timeout'));
      return;
    case 401:
      handleUnauthorized(error, actions);
      return;
    default:
      show(error, message || error.message || t('requestFailed'));
  }
}
