import type { AnnouncementOpenType } from '../../contracts/announcements';

/** Where 去处理 leads: an app route (navigated to), or a page component opened in a dialog. */
export type BusinessTarget = { kind: 'route'; to: string } | { kind: 'component'; componentPath: string };

const COMPONENT_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** An app path: one leading slash (never `//host`, never a scheme). */
function isAppPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//');
}

/**
 * The target of an announcement (docs/spec.md §2): openType 'url' navigates to openPage; openType 'component'
 * opens the page openPage names with busId — a route path gets it as `?busId=`, a page component
 * path (as the menu names pages, e.g. `system/UserAnnouncementList`) is shown in a dialog with it.
 */
export function businessTargetOf(announcement: { openType: AnnouncementOpenType | null; openPage: string | null; busId: string | null }): BusinessTarget | null {
  const openPage = announcement.openPage?.trim() ?? '';
  if (announcement.openType === 'url') return isAppPath(openPage) ? { kind: 'route', to: openPage } : null;
  if (announcement.openType !== 'component' || openPage === '') return null;
  if (isAppPath(openPage)) {
    const busId = announcement.busId ?? '';
    if (busId === '') return { kind: 'route', to: openPage };
    const separator = openPage.includes('?') ? '&' : '?';
    return { kind: 'route', to: `${openPage}${separator}${new URLSearchParams({ busId }).toString()}` };
  }
  return COMPONENT_PATH.test(openPage) ? { kind: 'component', componentPath: openPage } : null;
}
