import type { FormInstance } from 'antd';
import { useSaveAction, type SaveActionOptions } from './use-save-action';

export type FormSubmitOptions<V, R> = SaveActionOptions<[V], R>;

/**
 * The submit of a dialog form: validate (invalid fields show their own messages), then save as
 * useSaveAction does; on a refusal the dialog stays open with everything typed.
 */
export function useFormSubmit<V, R = unknown>(form: FormInstance<V>, options: FormSubmitOptions<V, R>) {
  const { run, saving } = useSaveAction(options);

  const submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run(values);
  };

  return { submit, saving };
}
