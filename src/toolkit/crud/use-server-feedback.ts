import { App } from 'antd';
import { useMemo } from 'react';
import { EnvelopeError } from '../../providers/data-provider';

function messageOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('message' in response)) return undefined;
  const { message } = response;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/**
 * How a write's outcome shows, one way everywhere: the server's own words (`添加成功！`) as a
 * themed message. A refusal (`success:false`) shows its message; a transport failure was already
 * presented by the http client and shows nothing more. Mutations pass
 * `successNotification: false, errorNotification: false` and call these instead, so Refine's generic
 * notifications never double them.
 */
export function useServerFeedback() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      succeeded(response: unknown, fallback?: string): void {
        const text = messageOf(response) ?? fallback;
        if (text !== undefined) void message.success(text);
      },
      failed(error: unknown, refusal: 'error' | 'warning' = 'error'): void {
        if (error instanceof EnvelopeError) void message[refusal](error.message);
      },
    }),
    [message],
  );
}

/** Mutation options that leave the feedback to useServerFeedback. */
export const QUIET = { successNotification: false, errorNotification: false } as const;
