import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { useServerFeedback } from './use-server-feedback';

export interface EntityActionOptions {
  /** The resources whose cached lists/records the action changes (e.g. the entity's table). */
  invalidates: readonly string[];
  /** How a refusal shows (the spec's password dialogs warn); default 'error'. */
  refusal?: 'error' | 'warning';
}

/**
 * A state transition or any other write that is not add/edit/delete ("ship", "approve", 冻结, 发布):
 * a Refine custom mutation through the data provider, which then invalidates the resources it names,
 * so every list showing them refreshes itself. The server's message shows; resolves to whether it
 * succeeded (a refusal or transport failure resolves false, already shown).
 */
export function useEntityAction<TData extends BaseRecord = BaseRecord>({ invalidates, refusal = 'error' }: EntityActionOptions) {
  const { mutateAsync, mutation } = useCustomMutation<TData>();
  const invalidate = useInvalidate();
  const feedback = useServerFeedback();

  const run = async (call: { url: string; method: 'post' | 'put' | 'patch' | 'delete'; values?: object; query?: Record<string, unknown> }): Promise<TData | undefined> => {
    try {
      const answer = await mutateAsync({
        url: call.url,
        method: call.method,
        values: call.values ?? {},
        meta: call.query === undefined ? undefined : { query: call.query },
        successNotification: false,
        errorNotification: false,
      });
      feedback.succeeded(answer);
      await Promise.all(invalidates.map((resource) => invalidate({ resource, invalidates: ['list', 'many', 'detail'] })));
      return answer.data ?? ({} as TData);
    } catch (error) {
      feedback.failed(error, refusal);
      return undefined;
    }
  };

  return { run, running: mutation.isPending };
}
