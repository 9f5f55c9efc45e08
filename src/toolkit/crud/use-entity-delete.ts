import { useDelete, useDeleteMany } from '@refinedev/core';
import type { EntityDefinition } from '../../contracts/entity';
import { QUIET, useServerFeedback } from './use-server-feedback';

/**
 * Deletes through Refine (useDelete / useDeleteMany): every cached list of the entity refetches
 * itself, in every open tab. The server's message shows; each resolves to whether it succeeded.
 */
export function useEntityDelete(entity: EntityDefinition, meta: { api: string; params?: Record<string, string> } = { api: entity.api }) {
  const feedback = useServerFeedback();
  const { mutateAsync: deleteOne, mutation: one } = useDelete();
  const { mutateAsync: deleteMany, mutation: many } = useDeleteMany();
  const resource = entity.table;

  const remove = async (id: string): Promise<boolean> => {
    try {
      feedback.succeeded(await deleteOne({ resource, id, meta, ...QUIET }));
      return true;
    } catch (error) {
      feedback.failed(error);
      return false;
    }
  };

  const removeMany = async (ids: readonly string[]): Promise<boolean> => {
    try {
      feedback.succeeded(await deleteMany({ resource, ids: [...ids], meta, ...QUIET }));
      return true;
    } catch (error) {
      feedback.failed(error);
      return false;
    }
  };

  return { remove, removeMany, deleting: one.isPending || many.isPending };
}
