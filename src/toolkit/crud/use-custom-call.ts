import { useDataProvider, type BaseRecord } from '@refinedev/core';
import { useCallback } from 'react';

export interface CustomCall {
  url: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  query?: Record<string, unknown>;
  payload?: unknown;
}

/**
 * An imperative call through the data provider's `custom` (a GET on click, a call outside a list):
 * resolves to `{ data, message }`, rejects with the server's refusal (EnvelopeError). For writes that
 * should refresh lists, prefer useEntityAction, which also invalidates.
 */
export function useCustomCall() {
  const dataProvider = useDataProvider();
  return useCallback(
    async <T = unknown>({ url, method, query, payload }: CustomCall): Promise<{ data: T; message?: string }> => {
      const custom = dataProvider().custom;
      if (custom === undefined) throw new Error('The data provider has no custom()');
      const answer = await custom<BaseRecord>({ url, method, query, payload });
      return answer as unknown as { data: T; message?: string };
    },
    [dataProvider],
  );
}
