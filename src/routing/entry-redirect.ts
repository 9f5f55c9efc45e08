import { LOGIN_PATH } from '../contracts/constants';
import { BUILT_PUBLIC_PATHS, USER_ROOT_PATH } from './public-paths';
import { safeRedirectTarget } from './safe-redirect';

export interface EntryLocation {
  pathname: string;
  search: string;
  hash?: string;
  hasToken: boolean;
}

export type EntryDecision =
  | { kind: 'redirect'; to: string }
  /** Render the public (login) routes from the light entry chunk. */
  | { kind: 'public' }
  /** Load the authenticated app chunk. */
  | { kind: 'app' };

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function loginPathWithRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** docs/spec.md §2 Redirect rules, decided before any authenticated code is loaded. */
export function decideEntryRedirect({ pathname, search, hash = '', hasToken }: EntryLocation): EntryDecision {
  const path = withoutTrailingSlash(pathname);
  if (path === USER_ROOT_PATH) return { kind: 'redirect', to: LOGIN_PATH };
  if (path === LOGIN_PATH && hasToken) {
    // The login page itself also lands here right after a successful login.
    const redirect = new URLSearchParams(search).get('redirect');
    return { kind: 'redirect', to: safeRedirectTarget(redirect) };
  }
  if (BUILT_PUBLIC_PATHS.includes(path)) return { kind: 'public' };
  if (!hasToken) return { kind: 'redirect', to: loginPathWithRedirect(`${pathname}${search}${hash}`) };
  return { kind: 'app' };
}
