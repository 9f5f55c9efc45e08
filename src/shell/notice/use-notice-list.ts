import { useCallback, useEffect, useState } from 'react';
import { ANNOUNCEMENT_API, type AnnouncementsByUser } from '../../contracts/announcements';
import { NOTICE_RELOAD_INTERVAL_MS } from '../../contracts/live';
import { http } from '../../providers/http';
import { getLiveHub } from '../../providers/live';

const EMPTY: AnnouncementsByUser = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
const BELL_PAGE_SIZE = 5;

/** The caller's unread notices: reloaded every 6 s (spec §9) and at once when the notice socket says so. */
export function useNoticeList(): { data: AnnouncementsByUser; reload(): void; markRead(anntId: string): Promise<void> } {
  const [data, setData] = useState<AnnouncementsByUser>(EMPTY);

  const reload = useCallback(() => {
    http
      .get<AnnouncementsByUser>(ANNOUNCEMENT_API.listByUser, { pageSize: BELL_PAGE_SIZE })
      .then((response) => {
        if (response.success && response.result !== null) setData(response.result);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    reload();
    const timer = setInterval(reload, NOTICE_RELOAD_INTERVAL_MS);
    // The notice socket starts here, right after login, with the header.
    const off = getLiveHub()?.onNotice(reload);
    return () => {
      clearInterval(timer);
      off?.();
    };
  }, [reload]);

  const markRead = useCallback(
    async (anntId: string) => {
      await http.put(ANNOUNCEMENT_API.markRead, { anntId }).catch(() => undefined);
      reload();
    },
    [reload],
  );

  return { data, reload, markRead };
}
