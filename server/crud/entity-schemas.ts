import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { childEntries, DEFAULT_MAX_CHILD_ROWS, ROW_VERSION_FIELD, fieldEntries, maxLengthOf, searchFields, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import { IMPORT_ID_PATTERN } from '../../src/contracts/live';
import { Id, IdList, INT4, Line, PAGE_PARAMS, query } from '../http/schemas';
import { PATTERN_TYPES, presetSchemaPattern } from './pattern-presets';
import { RowVersion } from './row-version';

/**
 * The route schemas of an entity, derived from its definition (type, max, min), so a definition made
 * at run time (the online form builder) is checked exactly like one written in code. What needs the
 * database or the product language — required-ness with its labelled message, dictionary values,
 * uniqueness — stays with server/crud/validate.ts, which also checks imported rows.
 */

/** Decimal columns are numeric(18, 4): at most 14 integer digits. */
const DECIMAL_LIMIT = 99_999_999_999_999;
const ONE_LINE = '^[^\\u0000-\\u001F\\u007F]*$';
const MULTILINE = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';
/** A filter value: an operand plus the rule syntax around it (`*x*`, `a,b`, `!x`, `ge 5`). */
const MAX_FILTER_LENGTH = 2000;
const MAX_SUPER_QUERY_LENGTH = 20_000;

type JsonSchema = Record<string, unknown>;

/**
 * One field of an add/edit body. Blank values ('' or null) are let through: on edit they clear the
 * field, and a required one is refused by validate.ts with its label. Numbers may come as numeric
 * strings (forms and imports send them so); the field's own min/max bound the number itself.
 */
export function fieldInputSchema(field: FieldDefinition, title: string): JsonSchema {
  const schema = typeInputSchema(field, title);
  // A preset beside the one-line check (a schema holds one pattern); its own title names the field in the refusal.
  return field.pattern === undefined || !PATTERN_TYPES.has(field.type) ? schema : { ...schema, allOf: [{ title, pattern: presetSchemaPattern(field.pattern) }] };
}

function typeInputSchema(field: FieldDefinition, title: string): JsonSchema {
  switch (field.type) {
    case 'int':
    case 'decimal': {
      const limit = field.type === 'int' ? INT4 : { min: -DECIMAL_LIMIT, max: DECIMAL_LIMIT };
      return {
        title,
        type: ['number', 'string', 'null'],
        minimum: Math.max(field.min ?? limit.min, limit.min),
        maximum: Math.min(field.max ?? limit.max, limit.max),
        maxLength: 40,
        pattern: ONE_LINE,
      };
    }
    case 'boolean':
      return { title, type: ['boolean', 'number', 'string', 'null'], maxLength: 5, pattern: ONE_LINE };
    case 'date':
    case 'datetime':
      return { title, type: ['string', 'null'], maxLength: 30, pattern: ONE_LINE };
    default: {
      const multiline = field.type === 'text';
      return { title, type: ['string', 'number', 'null'], maxLength: maxLengthOf(field) ?? 255, pattern: multiline ? MULTILINE : ONE_LINE };
    }
  }
}

/** The add body: every writable field by its type, and each child table's rows; unknown keys are ignored by the engine. */
export function addBodySchema(entity: EntityDefinition, label: (field: string) => string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.readonly) properties[name] = fieldInputSchema(field, label(name));
  }
  for (const [key, child] of childEntries(entity)) {
    // A row's fields are checked by the engine with the row number and the field's label (children.ts); here only
    // the shape and the count.
    properties[key] = { type: 'array', maxItems: child.max ?? DEFAULT_MAX_CHILD_ROWS, items: { type: 'object', properties: { id: { type: ['string', 'null'], maxLength: 64 } } } };
  }
  return { type: 'object', properties };
}

/** The edit body: the add body plus the record's id and the version it was read at (server/crud/row-version.ts). */
export function editBodySchema(entity: EntityDefinition, label: (field: string) => string): JsonSchema {
  const add = addBodySchema(entity, label);
  return { ...add, required: ['id'], properties: { id: Id, [ROW_VERSION_FIELD]: RowVersion, ...(add.properties as Record<string, JsonSchema>) } };
}

/**
 * The list (and export) query: page parameters, one line of text per filter key. Whether a filter
 * operand fits its field's type is checked where the rule syntax is parsed (list-query.ts typedOperand).
 */
export function listQuerySchema(entity: EntityDefinition) {
  const filter = Type.Optional(Line(MAX_FILTER_LENGTH));
  const filters: Record<string, typeof filter> = {};
  for (const [name] of searchFields(entity)) {
    for (const key of [name, `${name}_begin`, `${name}_end`, `${name}_MultiString`]) filters[key] = filter;
  }
  return query({
    ...PAGE_PARAMS,
    ...filters,
    superQueryParams: Type.Optional(Line(MAX_SUPER_QUERY_LENGTH)),
    superQueryMatchType: Type.Optional(Line(200)),
    selections: Type.Optional(IdList),
    // A tree's level: those rows' children ('0': the roots).
    ...(entity.tree !== undefined ? { pid: Type.Optional(IdList) } : {}),
  });
}

/** The schemas of the routes the engine serves for one entity. */
export function entityRouteSchemas(entity: EntityDefinition, label: (field: string) => string) {
  return {
    list: { querystring: listQuerySchema(entity) },
    queryById: { querystring: query({ id: Id }) },
    add: { body: addBodySchema(entity, label), querystring: query({}) },
    edit: { body: editBodySchema(entity, label), querystring: query({}) },
    delete: { querystring: query({ id: Id }) },
    deleteBatch: { querystring: query({ ids: IdList }) },
    // The id under which the importing page listens for its progress (server/crud/import-progress.ts).
    importExcel: { querystring: query({ importId: Type.Optional(Type.String({ pattern: IMPORT_ID_PATTERN.source })) }) },
  } satisfies Record<string, FastifySchema>;
}

