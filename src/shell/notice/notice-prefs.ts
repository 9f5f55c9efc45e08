import { keys, useCustom, type BaseRecord } from '@refinedev/core';
import { useSyncExternalStore } from 'react';
import { session } from '../../providers/session';
import { QUIET } from '../../toolkit/crud/use-server-feedback';

/**
 * 新消息通知 (个人设置, the account plugin): whether the bell announces 系统消息 and 通知公告. Kept on the
 * server per user; read once per user by the bell (through Refine), and set at once by the settings
 * page when the user switches. Without an answer (no account plugin) both stay on.
 */
export interface NoticePreferences {
  system: boolean;
  notice: boolean;
}

export const NOTICE_PREFERENCES_PATH = '/account/notification';
const ALL_ON: NoticePreferences = { system: true, notice: true };

/** What the settings page set last, for the user signed in then (it wins over the bell's earlier read). */
let chosen: { userId: string | undefined; preferences: NoticePreferences } | null = null;
const listeners = new Set<() => void>();

export function setNoticePreferences(next: NoticePreferences): void {
  chosen = { userId: session.getUserInfo()?.id, preferences: { system: next.system, notice: next.notice } };
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => chosen;

function isPreferences(value: unknown): value is NoticePreferences {
  return typeof value === 'object' && value !== null && typeof (value as NoticePreferences).system === 'boolean' && typeof (value as NoticePreferences).notice === 'boolean';
}

/** The signed-in user's switches: the server's answer (read once per user), or what the user just set. */
export function useNoticePreferences(userId: string | undefined): NoticePreferences {
  const { query } = useCustom<BaseRecord>({
    url: NOTICE_PREFERENCES_PATH,
    method: 'get',
    ...QUIET,
    queryOptions: {
      enabled: userId !== undefined,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      // One answer per user: another user's login asks again.
      queryKey: keys().data('default').mutation('custom').params({ url: NOTICE_PREFERENCES_PATH, userId }).get(),
    },
  });
  const local = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (userId === undefined) return ALL_ON;
  if (local !== null && local.userId === userId) return local.preferences;
  const answer: unknown = query.data?.data;
  return isPreferences(answer) ? answer : ALL_ON;
}
