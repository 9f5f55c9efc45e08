/**
 * Why the app sent the user back to the login page (kept in sessionStorage across the switch from the
 * app chunk to the login page): without it a user whose account has no role yet saw an empty login
 * form and no word of why.
 */
export type LoginNotice = { kind: 'noMenu' } | { kind: 'failed'; message: string };

const KEY = 'login.notice';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function leaveLoginNotice(notice: LoginNotice): void {
  storage()?.setItem(KEY, JSON.stringify(notice));
}

function isLoginNotice(value: unknown): value is LoginNotice {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'noMenu') return true;
  return value.kind === 'failed' && 'message' in value && typeof value.message === 'string';
}

export function readLoginNotice(): LoginNotice | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLoginNotice(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The notice is said once: the login page clears it after reading it. */
export function clearLoginNotice(): void {
  storage()?.removeItem(KEY);
}
