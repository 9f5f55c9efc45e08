import { useContext, useEffect, useSyncExternalStore } from 'react';
import { PageTabContext } from '../crud/unsaved-changes';

/**
 * What a page says about the record it shows (订单详情 · SO2026…), for its tab's title: two tabs of one detail page
 * are told apart by it. Kept outside React like the unsaved forms (src/toolkit/crud/unsaved-changes.ts): a hidden
 * tab's effects are torn down while its page lives on, so a subtitle is set by an effect but never cleared by one —
 * the tab view forgets the subtitles of the tabs it closed.
 */
class PageSubtitles {
  private readonly byTab = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlyMap<string, string> = new Map();

  set(tabId: string, subtitle: string): void {
    if (this.byTab.get(tabId) === subtitle) return;
    this.byTab.set(tabId, subtitle);
    this.changed();
  }

  /** Forgets every tab but these (the open ones). */
  keepOnly(tabIds: readonly string[]): void {
    const before = this.byTab.size;
    for (const tabId of [...this.byTab.keys()]) if (!tabIds.includes(tabId)) this.byTab.delete(tabId);
    if (this.byTab.size !== before) this.changed();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = (): ReadonlyMap<string, string> => this.snapshot;

  private changed(): void {
    this.snapshot = new Map(this.byTab);
    for (const listener of this.listeners) listener();
  }
}

export const pageSubtitles = new PageSubtitles();

/** The subtitles of the open tabs, by tab id (the tab bar's titles). */
export function usePageSubtitles(): ReadonlyMap<string, string> {
  return useSyncExternalStore(pageSubtitles.subscribe, pageSubtitles.current, pageSubtitles.current);
}

/** Names the record this page shows in its tab's title (a number or a name; nothing while it loads). Outside the tabs it does nothing. */
export function usePageSubtitle(subtitle: string | null | undefined): void {
  const tabId = useContext(PageTabContext);
  const shown = subtitle === undefined || subtitle === null || subtitle === '' ? null : subtitle;
  useEffect(() => {
    if (tabId !== null && shown !== null) pageSubtitles.set(tabId, shown);
  }, [tabId, shown]);
}
