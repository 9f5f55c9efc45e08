import type { EntityDefinition, FieldDefinition } from '../../../src/contracts/entity';

/**
 * The entity as a read-only list's search form should offer it: the named fields (internal ids such as
 * orderId, searched by other screens through the API) are kept out of the form, the rest stay as declared.
 */
export function withoutSearchFields(entity: EntityDefinition, names: readonly string[]): EntityDefinition {
  const fields: Record<string, FieldDefinition> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!names.includes(name)) {
      fields[name] = field;
      continue;
    }
    const { search: _search, ...rest } = field;
    fields[name] = rest;
  }
  return { ...entity, fields };
}
