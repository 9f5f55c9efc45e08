import type { ResourceProps } from '@refinedev/core';
import type { EntityDefinition } from '../../contracts/entity';

/** The Refine resource of an entity: named by its table, API base and permission prefix in meta. */
export function resourceOf(entity: EntityDefinition): ResourceProps {
  return { name: entity.table, meta: { api: entity.api, permission: entity.permission } };
}
