import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import type { ApiResult } from '../../contracts/envelope';

export interface FormSubmitOptions<V, R> {
  /** Sends the validated values; resolves to the server's envelope. */
  save: (values: V) => Promise<ApiResult<R>>;
  /** After a success, once the server's message shows. */
  onSaved: (answer: ApiResult<R>) => void;
  /** How a refusal shows (the spec's password dialogs warn); default 'error'. */
  refusal?: 'error' | 'warning';
}

/**
 * The submit of a dialog form, one way everywhere: validate (invalid fields show their own messages),
 * save, show the server's message; on success `onSaved`, on a refusal the dialog stays open with
 * everything typed. Transport failures were already presented by the http client.
 */
export function useFormSubmit<V, R = unknown>(form: FormInstance<V>, { save, onSaved, refusal = 'error' }: FormSubmitOptions<V, R>) {
  // The <App> instance: messages follow the theme (dark mode, primary colour) like the rest of the UI.
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await save(values);
      if (answer.success) {
        void message.success(answer.message);
        onSaved(answer);
      } else {
        void message[refusal](answer.message);
      }
    } catch {
      // Presented by the http client; keep the input.
    } finally {
      setSaving(false);
    }
  };

  return { submit, saving };
}
