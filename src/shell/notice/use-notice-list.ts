import { useCustom, useCustomMutation, type BaseRecord } from '@refinedev/core';
import { useCallback, useEffect } from 'react';
import { ANNOUNCEMENT_API, type AnnouncementsByUser } from '../../contracts/announcements';
import { NOTICE_RELOAD_INTERVAL_MS } from '../../contracts/live';
import { getLiveHub } from '../../providers/live';
import { QUIET } from '../../toolkit/crud/use-server-feedback';

const EMPTY: AnnouncementsByUser = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
const BELL_PAGE_SIZE = 5;

/**
 * The caller's unread notices, read through Refine (useCustom and the data provider): reloaded every
 * 6 s (docs/spec.md §9, in the background too) and at once when the notice socket says so. A failed read
 * keeps the last list (the http client already showed a transport failure).
 */
export function useNoticeList(): { data: AnnouncementsByUser; reload(): void; markRead(anntId: string): Promise<void> } {
  const { query } = useCustom<BaseRecord>({
    url: ANNOUNCEMENT_API.listByUser,
    method: 'get',
    config: { query: { pageSize: BELL_PAGE_SIZE } },
    ...QUIET,
    queryOptions: { retry: false, refetchInterval: NOTICE_RELOAD_INTERVAL_MS, refetchIntervalInBackground: true },
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  // Not a load: the notice socket (started here, right after login, with the header) asks for a reload.
  useEffect(() => getLiveHub()?.onNotice(reload), [reload]);

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
