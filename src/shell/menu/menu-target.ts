import type { MenuItem } from '../../contracts/session';
import { isHttpUrl } from '../../routing/meta-url';

/** Full path of a menu item; children may carry paths relative to their parent. */
export function joinMenuPath(parentPath: string, path: string): string {
  if (!path) return parentPath || '/';
  if (path.startsWith('/') || isHttpUrl(path)) return path;
  return `${parentPath.replace(/\/+$/, '')}/${path}`;
}

export type MenuTarget = { kind: 'route'; path: string } | { kind: 'window'; url: string };

/**
 * docs/spec.md §2 Layouts: items open by route name or path — a routed item (route '1') opens the route of its
 * name when the user has one, any other item its path; external/iframe items marked
 * internalOrExternal, and items whose path is an http(s) URL, open in a new window.
 */
export function menuTarget(
  item: MenuItem,
  fullPath: string,
  renderUrl: (url: string) => string,
  pathOfRouteNamed: (name: string) => string | undefined = () => undefined,
): MenuTarget {
  if (isHttpUrl(fullPath)) return { kind: 'window', url: renderUrl(fullPath) };
  if (item.meta?.internalOrExternal === true) {
    return { kind: 'window', url: renderUrl(item.meta.url || fullPath) };
  }
  const named = item.route !== '0' && item.name !== '' ? pathOfRouteNamed(item.name) : undefined;
  return { kind: 'route', path: named ?? fullPath };
}

export function openInNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
