import { isAxiosError } from 'axios';
import type { AxiosError } from 'axios';
import { LOGOUT_RELOAD_DELAY_MS } from '../../contracts/constants';
import { TOKEN_EXPIRED_PHRASE } from '../../contracts/envelope';
import { i18n } from '../i18n';
import { session } from '../session';
import { pageControl } from './page';
import { getHttpPresenter } from './presenter';

export interface ErrorActions {
  /** Clears the session and tells the server (best effort). */
  endSession: () => Promise<void>;
}

// Several requests failing together with 401 must log out and reload once (spec §8).
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

function handleUnauthorized(actions: ErrorActions): void {
  if (unauthorizedPending) return;
  const presenter = getHttpPresenter();
  presenter.notifyError(t('systemTip'), t('unauthorized'));
  if (!session.hasToken()) return;
  unauthorizedPending = true;
  void actions.endSession();
  setTimeout(() => {
    unauthorizedPending = false;
    pageControl.reload();
  }, LOGOUT_RELOAD_DELAY_MS);
}

/** Presents a failed request per the spec §8 error catalogue; the caller still gets the rejection. */
export async function handleHttpError(error: unknown, actions: ErrorActions): Promise<void> {
  const presenter = getHttpPresenter();
  if (!isAxiosError(error)) {
    presenter.notifyError(t('systemTip'), error instanceof Error ? error.message : t('requestFailed'));
    return;
  }
  if (error.config?.silent) return;
  if (!error.response) {
    presenter.notifyError(t('systemTip'), isTimeout(error) ? t('timeout') : error.message);
    return;
  }
  const body = await responseBody(error);
  const message = messageOf(body);
  switch (error.response.status) {
    case 403:
      presenter.notifyError(t('systemTip'), t('forbidden'));
      return;
    case 500:
      if (message.includes(TOKEN_EXPIRED_PHRASE) && session.hasToken()) {
        if (loginExpiredShown) return;
        loginExpiredShown = true;
        presenter.showLoginExpired(relogin(actions));
      } else if (message) {
        presenter.notifyError(t('systemTip'), message);
      }
      return;
    case 404:
      presenter.notifyError(t('systemTip'), t('notFound'));
      return;
    case 504:
      presenter.notifyError(t('systemTip'), t('timeout'));
      return;
    case 401:
      handleUnauthorized(actions);
      return;
    default:
      presenter.notifyError(t('systemTip'), message || error.message || t('requestFailed'));
  }
}
