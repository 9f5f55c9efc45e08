import { useOne, type BaseRecord } from '@refinedev/core';
import type { EntityDefinition } from '../../contracts/entity';

/**
 * One record of an entity by id through Refine's useOne (cached, refetched after writes to the
 * entity, live when the socket says so); nothing is asked while `id` is null.
 */
export function useEntityRecord<T extends BaseRecord>(entity: EntityDefinition, id: string | null) {
  const { result, query } = useOne<T>({
    resource: entity.table,
    id: id ?? '',
    meta: { api: entity.api },
    queryOptions: { enabled: id !== null },
  });
  return { record: id === null ? undefined : result, loading: id !== null && query.isLoading, isError: query.isError, retry: () => void query.refetch() };
}
