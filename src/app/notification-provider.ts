import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { takePresented } from '../providers/http';

/**
 * Refine's notifications shown by antd, as Refine's antd provider shows them (the message below the description
 * as title), less a second notice of a failure the http client has already shown: a read that fails with 403
 * shows 系统提示 / 没有权限，请联系管理员授权 once, not that and Refine's "Error (status code: 403)" too.
 * Written here rather than taken from @refinedev/antd, whose one module would bring its markdown field and
 * every other component into the first screen after login; no mutation here is undoable, so there is no
 * countdown notice to draw.
 */
export function useAppNotificationProvider(): NotificationProvider {
  // Refine calls this inside antd's <App> (src/app/authenticated-app.tsx), whose notifications follow the theme.
  const { notification } = App.useApp();
  return {
    open({ key, message, description, type }) {
      if (type === 'error' && description !== undefined && takePresented(description)) return;
      notification.open({ key, description: message, message: description ?? null, type: type === 'progress' ? 'info' : type });
    },
    close: (key) => notification.destroy(key),
  };
}
