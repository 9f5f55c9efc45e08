import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../../providers/http';

/**
 * 新消息通知 (个人设置, the account plugin): whether the bell announces 系统消息 and 通知公告. Kept on the
 * server per user; read once by the bell, and set at once by the settings page when the user switches.
 * Without an answer (no account plugin) both stay on.
 */
export interface NoticePreferences {
  system: boolean;
  notice: boolean;
}

export const NOTICE_PREFERENCES_PATH = '/account/notification';
const ALL_ON: NoticePreferences = { system: true, notice: true };

let current: NoticePreferences = ALL_ON;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

export function setNoticePreferences(next: NoticePreferences): void {
  current = { system: next.system, notice: next.notice };
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => current;

/** The signed-in user's switches; loads them from the server once per user. */
export function useNoticePreferences(userId: string | undefined): NoticePreferences {
  useEffect(() => {
    if (userId === undefined || loadedFor === userId) return;
    loadedFor = userId;
    setNoticePreferences(ALL_ON);
    http
      .get<NoticePreferences>(NOTICE_PREFERENCES_PATH)
      .then((answer) => {
        if (answer.success && answer.result !== null && loadedFor === userId) setNoticePreferences(answer.result);
      })
      .catch(() => undefined);
  }, [userId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
