import { App } from 'antd';
import { useState } from 'react';
import type { ApiResult } from '../../contracts/envelope';

export interface SaveActionOptions<A extends unknown[], R> {
  save: (...args: A) => Promise<ApiResult<R>>;
  /** After a success, once the server's message shows. */
  onSaved: (answer: ApiResult<R>) => void;
  /** How a refusal shows (the spec's password dialogs warn); default 'error'. */
  refusal?: 'error' | 'warning';
}

/**
 * A save, one way everywhere: the server's message shows (themed, from the <App>); on success
 * `onSaved`, on a refusal nothing else changes. Transport failures were already presented by the
 * http client.
 */
export function useSaveAction<A extends unknown[], R = unknown>({ save, onSaved, refusal = 'error' }: SaveActionOptions<A, R>) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const run = async (...args: A): Promise<void> => {
    setSaving(true);
    try {
      const answer = await save(...args);
      if (answer.success) {
        void message.success(answer.message);
        onSaved(answer);
      } else {
        void message[refusal](answer.message);
      }
    } catch {
      // Presented by the http client; keep what was entered.
    } finally {
      setSaving(false);
    }
  };

  return { run, saving };
}
