import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '../app/use-session';
import type { PermissionResult } from '../contracts/session';
import { EmptyMenuError, loadPermissions, logout } from '../providers/auth-provider';
import { leaveLoginNotice } from '../shell/user/login-notice';
import { loginPathWithRedirect } from './entry-redirect';

let inFlight: Promise<boolean> | null = null;

/**
 * One permission request at a time, however many times the effect runs (StrictMode runs it twice).
 * Resolves false after a failure has logged the user out.
 */
function bootstrapOnce(): Promise<boolean> {
  inFlight ??= loadPermissions()
    .then(
      () => true,
      async (error: unknown) => {
        // Said on the login page: a user with no role must learn why the app sent them back.
        leaveLoginNotice(error instanceof EmptyMenuError ? { kind: 'noMenu' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        await logout();
        return false;
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * docs/spec.md §2 Redirect rules: with a token but no permission list, fetch the menu; on failure log out and
 * return to the login page with the requested path as redirect. Null while loading.
 */
export function usePermissionBootstrap(): PermissionResult | null {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const requested = useRef(`${location.pathname}${location.search}${location.hash}`);

  useEffect(() => {
    if (permissions) return;
    void bootstrapOnce().then((loaded) => {
      if (!loaded) navigate(loginPathWithRedirect(requested.current), { replace: true });
    });
  }, [permissions, navigate]);

  return permissions;
}
