import { useOne, type BaseRecord } from '@refinedev/core';
import type { EntityDefinition } from '../../contracts/entity';

/**
 * One record of an entity by id through Refine's useOne (cached, refetched after writes to the
 * entity, live when the socket says so); nothing is asked while `id` is null. For display: a form that
 * edits the record reads it with useFreshRecord.
 */
export function useEntityRecord<T extends BaseRecord>(entity: EntityDefinition, id: string | null) {
  const { result, query } = useOne<T>({
    resource: entity.table,
    id: id ?? '',
    meta: { api: entity.api },
    queryOptions: { enabled: id !== null },
  });
  // Refine keeps the previous id's answer as a placeholder while the next loads: never show it as this record.
  const placeholder = query.isPlaceholderData;
  return { record: id === null || placeholder ? undefined : result, loading: id !== null && (query.isLoading || placeholder), isError: query.isError, retry: () => void query.refetch() };
}
