import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useCustomCall } from './use-custom-call';
import { useServerFeedback } from './use-server-feedback';

export interface EntityActionOptions {
  /** The resources whose cached lists/records the action changes (e.g. the entity's table). */
  invalidates: readonly string[];
  /** How a refusal shows (the spec's password dialogs warn); default 'error'. */
  refusal?: 'error' | 'warning';
  /** No success message (a side effect such as marking read); refusals still show. */
  silent?: boolean;
}

export interface EntityActionCall {
  url: string;
  /** 'get' for the JeecgBoot actions that are GETs (发布 doReleaseData …). */
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  values?: object;
  query?: Record<string, unknown>;
}

/**
 * A state transition or any other write that is not add/edit/delete ("ship", "approve", 冻结, 发布):
 * a Refine custom mutation through the data provider (a GET action through its `custom` too), then
 * the resources it names are invalidated, so every list showing them refreshes itself, in any tab.
 * The server's message shows; resolves to the result, or undefined after a refusal (already shown).
 */
export function useEntityAction<TData extends BaseRecord = BaseRecord>({ invalidates, refusal = 'error', silent = false }: EntityActionOptions) {
  const { mutateAsync, mutation } = useCustomMutation<TData>();
  const call = useCustomCall();
  const invalidate = useInvalidate();
  const feedback = useServerFeedback();
  const [getting, setGetting] = useState(false);

  const send = async ({ url, method, values, query }: EntityActionCall): Promise<{ data: TData }> => {
    if (method !== 'get') {
      return mutateAsync({ url, method, values: values ?? {}, meta: query === undefined ? undefined : { query }, successNotification: false, errorNotification: false });
    }
    setGetting(true);
    try {
      return await call<TData>({ url, method, query });
    } finally {
      setGetting(false);
    }
  };

  const run = async (request: EntityActionCall): Promise<TData | undefined> => {
    try {
      const answer = await send(request);
      if (!silent) feedback.succeeded(answer);
      await Promise.all(invalidates.map((resource) => invalidate({ resource, invalidates: ['list', 'many', 'detail'] })));
      return answer.data ?? ({} as TData);
    } catch (error) {
      feedback.failed(error, refusal);
      // A refusal may still have recorded something (a refund the channel refused is kept as 退款失败).
      await Promise.all(invalidates.map((resource) => invalidate({ resource, invalidates: ['list', 'many', 'detail'] })));
      return undefined;
    }
  };

  return { run, running: mutation.isPending || getting };
}

export interface FormActionOptions<V, TData extends BaseRecord = BaseRecord> extends EntityActionOptions {
  /** The call made with the validated values. */
  request: (values: V) => EntityActionCall;
  /** After a success, once the server's message shows and the named resources were invalidated. */
  onDone: (result: TData) => void;
}

/**
 * The 确定 of a dialog form whose save is an action (修改密码, 修改等级, 添加下级 …): validate (invalid
 * fields show their own messages, nothing is sent), then run it as useEntityAction does; `onDone`
 * after a success. A refusal shows and keeps the dialog open with everything typed.
 */
export function useFormAction<V, TData extends BaseRecord = BaseRecord>(form: FormInstance<V>, { request, onDone, ...options }: FormActionOptions<V, TData>) {
  const { run, running } = useEntityAction<TData>(options);

  const submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const result = await run(request(values));
    if (result !== undefined) onDone(result);
  };

  return { submit, saving: running };
}
