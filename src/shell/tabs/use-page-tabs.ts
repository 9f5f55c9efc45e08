import { App } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { closeLeft, closeOthers, closeRight, closeTab, HOME_KEY, neighbourAfterClose, openTab, retargetTab, tabKeyOf, trimTabs, withHomeFirst } from './tab-rules';
import type { PageTab } from './tab-rules';
import { loadTabKeys, saveTabKeys } from './tab-storage';
import { unsavedForms, useConfirmDiscard } from '../../toolkit/crud/unsaved-changes';

export type TabAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

export interface PageTabsState {
  tabs: PageTab[];
  activeKey: string | null;
  /** The shown tab's id (undefined while no page is shown). */
  activeId: string | undefined;
  /** Bumped per tab id by refresh: the tab's page re-mounts, the others stay. */
  refreshCounts: ReadonlyMap<string, number>;
  activate(key: string): void;
  close(key: string): void;
  act(action: TabAction, key: string): void;
}

interface PageTabsOptions {
  /** The page title of a path, or undefined when the path is not a page (a redirect, unknown). */
  titleOf(pathname: string): string | undefined;
  /** Whose tabs are restored after a reload. */
  user: string;
}

function pathnameOf(key: string): string {
  const query = key.indexOf('?');
  return query < 0 ? key : key.slice(0, query);
}

/** docs/spec.md §2 Tabs: the open pages, kept in sessionStorage, with the close rules and the context actions. */
export function usePageTabs({ titleOf, user }: PageTabsOptions): PageTabsState {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const counter = useRef(0);
  const newId = useCallback((key: string) => {
    counter.current += 1;
    return `${key}#${counter.current}`;
  }, []);

  // When each tab was last shown, for trimTabs (a count, not a time: only the order matters).
  const lastUsed = useRef(new Map<string, number>());
  const shownCount = useRef(0);

  const homeTitle = titleOf(HOME_KEY) ?? t('home');
  const [tabs, setTabs] = useState<PageTab[]>(() =>
    withHomeFirst(
      loadTabKeys(user).flatMap((key) => {
        const title = titleOf(pathnameOf(key));
        return title === undefined ? [] : [{ id: key, key, title }];
      }),
      homeTitle,
    ),
  );
  const [refreshCounts, setRefreshCounts] = useState<ReadonlyMap<string, number>>(new Map());

  const currentKey = tabKeyOf(location);
  const currentTitle = titleOf(location.pathname);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // The tabs follow committed navigations only, once each: in a layout effect (still before the paint),
  // not during render, where a render React discards or restarts (a transition meeting an unrelated
  // update, such as a message appearing) could drop or repeat the bookkeeping.
  const shown = useRef<{ location: string; activeKey: string | null }>({ location: '', activeKey: null });
  useLayoutEffect(() => {
    // A title arriving (menus loaded) or changing (language) for the same location counts as new.
    const locationId = `${location.key}|${currentKey}|${currentTitle ?? ''}`;
    if (shown.current.location === locationId) return;
    const previous = shown.current.activeKey;
    const next = currentTitle === undefined ? null : currentKey;
    shown.current = { location: locationId, activeKey: next };
    if (currentTitle !== undefined) {
      // A page that replaces its own URL keeps its tab: the same path (its query changed), or a section of the same
      // page under another path (个人设置's /account/settings/base → /security: same title).
      const sameTabReplaced =
        navigationType === 'REPLACE' && previous !== null && (pathnameOf(previous) === location.pathname || titleOf(pathnameOf(previous)) === currentTitle);
      // A bounded set: opening one more closes the tab used longest ago (never one holding unsaved input).
      setTabs((open) =>
        trimTabs(
          sameTabReplaced ? retargetTab(open, previous, currentKey, currentTitle, newId) : openTab(open, currentKey, currentTitle, newId),
          currentKey,
          lastUsed.current,
          (tab) => unsavedForms.inTabs([tab.id]),
        ),
      );
    }
    setActiveKey(next);
  }, [location.key, location.pathname, currentKey, currentTitle, navigationType, newId, titleOf]);

  useEffect(() => {
    saveTabKeys(user, tabs.map((tab) => tab.key));
  }, [tabs, user]);

  const activeId = tabs.find((tab) => tab.key === activeKey)?.id;
  // When each tab was last shown (an effect: the tabs' ids are known once they are set).
  useEffect(() => {
    if (activeId === undefined) return;
    shownCount.current += 1;
    lastUsed.current.set(activeId, shownCount.current);
  }, [activeId]);

  const activate = useCallback((key: string) => navigate(key), [navigate]);

  // Closing or refreshing a tab unmounts its page: a form there with unsaved changes is asked about first.
  const confirmDiscard = useConfirmDiscard();
  const unlessUnsaved = useCallback(
    (ids: readonly string[], proceed: () => void) => {
      const run = () => {
        unsavedForms.clearTabs(ids);
        proceed();
      };
      if (unsavedForms.inTabs(ids)) confirmDiscard(run);
      else run();
    },
    [confirmDiscard],
  );
  const idsOf = useCallback((keys: readonly string[]) => tabs.filter((tab) => keys.includes(tab.key)).map((tab) => tab.id), [tabs]);
  const removedIds = useCallback((next: readonly PageTab[]) => tabs.filter((tab) => !next.some((kept) => kept.id === tab.id)).map((tab) => tab.id), [tabs]);

  const keepOrLeave = useCallback(
    (next: PageTab[], fallbackKey: string) => {
      setTabs(next);
      if (activeKey !== null && !next.some((tab) => tab.key === activeKey)) navigate(fallbackKey);
    },
    [activeKey, navigate],
  );

  const close = useCallback(
    (key: string) => {
      const result = closeTab(tabs, key);
      if (!result.ok) {
        void message.warning(result.reason === 'home' ? t('tabs.homeNotClosable') : t('tabs.lastNotClosable'));
        return;
      }
      unlessUnsaved(idsOf([key]), () => keepOrLeave(result.tabs, neighbourAfterClose(tabs, result.tabs, key)));
    },
    [tabs, message, t, keepOrLeave, unlessUnsaved, idsOf],
  );

  const act = useCallback(
    (action: TabAction, key: string) => {
      if (action === 'refresh') {
        const tab = tabs.find((entry) => entry.key === key);
        if (!tab) return;
        unlessUnsaved([tab.id], () => setRefreshCounts((counts) => new Map(counts).set(tab.id, (counts.get(tab.id) ?? 0) + 1)));
        return;
      }
      const next = action === 'closeLeft' ? closeLeft(tabs, key) : action === 'closeRight' ? closeRight(tabs, key) : closeOthers(tabs, key);
      unlessUnsaved(removedIds(next), () => keepOrLeave(next, key));
    },
    [tabs, keepOrLeave, unlessUnsaved, removedIds],
  );

  return { tabs, activeKey, activeId, refreshCounts, activate, close, act };
}
