import { useNotificationProvider } from '@refinedev/antd';
import type { NotificationProvider } from '@refinedev/core';
import { takePresented } from '../providers/http';

/**
 * Refine's notifications (antd's), less a second notice of a failure the http client has already shown: a read that
 * fails with 403 shows 系统提示 / 没有权限，请联系管理员授权 once, not that and Refine's "Error (status code: 403)" too.
 */
export function useAppNotificationProvider(): NotificationProvider {
  const antd = useNotificationProvider();
  return {
    ...antd,
    open(params) {
      if (params.type === 'error' && params.description !== undefined && takePresented(params.description)) return;
      antd.open(params);
    },
  };
}
