import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_PATH } from '../../contracts/constants';
import { PRERENDER_CONTAINER_ID } from './prerendered-login-id';

/**
 * The server answers /user/login with login.html: the login page rendered at build time (zh-CN, light
 * theme) in this container beside #root, with its CSS, so the form paints before any script has run
 * (scripts/prerender-login/). While the container is there, login.html's own style hides #root; the
 * real page removes the container in the same commit that shows it, so nothing blank shows in between.
 */
function prerenderContainer(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(PRERENDER_CONTAINER_ID);
}

function inputNamed(scope: HTMLElement, name: string): HTMLInputElement | undefined {
  return [...scope.querySelectorAll('input')].find((input) => input.name === name);
}

/** What was typed into the prerendered field `name` before the real form arrived ('' when nothing). */
export function prerenderedValue(name: string): string {
  const container = prerenderContainer();
  return container ? (inputNamed(container, name)?.value ?? '') : '';
}

/** Removes the prerendered page; the focus and caret move to the real field of the same name. */
export function takeOverPrerenderedLogin(): void {
  const container = prerenderContainer();
  if (!container) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && container.contains(active) ? active : null;
  container.remove();
  if (!focused) return;
  const root = document.getElementById('root');
  const real = root ? inputNamed(root, focused.name) : undefined;
  if (!real) return;
  real.focus();
  if (focused.selectionStart !== null && focused.selectionEnd !== null) real.setSelectionRange(focused.selectionStart, focused.selectionEnd);
}

/**
 * The login page takes over in its first layout effect (before the browser paints). Reading the typed
 * values at render time is safe: that first render and its commit run in one task, so no keystroke can
 * fall between them.
 */
export function usePrerenderTakeover(): void {
  useLayoutEffect(takeOverPrerenderedLogin, []);
}

/**
 * Anywhere but the login page (a signed-in user sent on from /user/login) the prerendered form must go
 * too, or it would stay on top of a hidden app.
 */
export function PrerenderCleanup() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== LOGIN_PATH) takeOverPrerenderedLogin();
  }, [pathname]);
  return null;
}
