import { useCustom, useCustomMutation, type BaseRecord } from '@refinedev/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ANNOUNCEMENT_API, type AnnouncementsByUser } from '../../contracts/announcements';
import { NOTICE_RELOAD_INTERVAL_MS } from '../../contracts/live';
import { getLiveHub, startedLiveHub } from '../../providers/live';
import { QUIET } from '../../toolkit/crud/use-server-feedback';

const EMPTY: AnnouncementsByUser = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
const BELL_PAGE_SIZE = 5;

const subscribeNoticeState = (changed: () => void): (() => void) => getLiveHub()?.onNoticeState(changed) ?? (() => undefined);
const noticeSocketOpen = (): boolean => startedLiveHub()?.states().notice === 'open';
const noticeSocketClosed = (): boolean => false;

/**
 * The caller's unread notices, read through Refine (useCustom and the data provider): reloaded at once when the
 * notice socket says so, and — only while that socket is not open — every 6 s (docs/spec.md §9, in the background
 * too). Each time the socket opens the list is read again, for what was sent while it was down. A failed read keeps
 * the last list (the http client already showed a transport failure).
 */
export function useNoticeList(): { data: AnnouncementsByUser; reload(): void; markRead(anntId: string): Promise<void> } {
  // Whether the notice socket is open (subscribing starts the sockets, right after login, with the header).
  const socketOpen = useSyncExternalStore(subscribeNoticeState, noticeSocketOpen, noticeSocketClosed);
  const { query } = useCustom<BaseRecord>({
    url: ANNOUNCEMENT_API.listByUser,
    method: 'get',
    config: { query: { pageSize: BELL_PAGE_SIZE } },
    ...QUIET,
    queryOptions: { retry: false, refetchInterval: socketOpen ? false : NOTICE_RELOAD_INTERVAL_MS, refetchIntervalInBackground: true },
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  // Not a load: the notice socket asks for a reload, and each time it opens the list is read again.
  useEffect(() => {
    const hub = getLiveHub();
    if (hub === null) return undefined;
    const offState = hub.onNoticeState((state) => {
      if (state === 'open') reload();
    });
    const offNotice = hub.onNotice(reload);
    return () => {
      offState();
      offNotice();
    };
  }, [reload]);

  const { mutateAsync } = useCustomMutation();
  const markRead = useCallback(
    async (anntId: string) => {
      // Marking read is a side effect of opening a notice: a refusal shows nothing, the list reloads anyway.
      await mutateAsync({ url: ANNOUNCEMENT_API.markRead, method: 'put', values: { anntId }, ...QUIET }).catch(() => undefined);
      reload();
    },
    [mutateAsync, reload],
  );

  const answer = query.data?.data as unknown as AnnouncementsByUser | null | undefined;
  return { data: answer ?? EMPTY, reload, markRead };
}
