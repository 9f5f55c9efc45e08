import { sql, type Kysely } from 'kysely';
import type { Database, TableDictionaryResolver, TableDictionarySource } from '../../../../server/kit';
import type { CgformDefinition } from '../../cgform-api';
import { FORM_DICT_PREFIX, formDictCode, tableDictOf } from './field-semantics';
import { cgformDb } from './store';

/**
 * The form builder's table dictionaries (a field whose dictTable names another form's table): the engine asks the
 * DictionaryService for the field's code (`onl_dict_…`), which asks this resolver. A code resolves only when a
 * synchronised form declares that dictionary and the named form's synchronised definition has both columns, so the
 * identifiers in its fixed SQL come from checked definitions alone; values are bound, the tenant's rows only.
 */

export { FORM_DICT_PREFIX };

/** The most items one form dictionary lists. */
export const MAX_FORM_DICT_ITEMS = 1000;

async function syncedDefinitions(db: Kysely<Database>): Promise<CgformDefinition[]> {
  const rows = await cgformDb(db).selectFrom('onl_cgform_head').select('synced_definition').where('synced_definition', 'is not', null).execute();
  return rows.flatMap((row) => (row.synced_definition === null ? [] : [row.synced_definition]));
}

function columnsOf(definition: CgformDefinition): Set<string> {
  return new Set(['id', ...definition.fields.map((field) => field.dbFieldName)]);
}

/** The dictionary of a code: the declaring field's table and columns, checked against that form's synchronised definition. */
async function resolve(db: Kysely<Database>, code: string): Promise<TableDictionarySource | null> {
  const definitions = await syncedDefinitions(db);
  for (const definition of definitions) {
    for (const field of definition.fields) {
      const dict = tableDictOf(field);
      if (dict?.kind !== 'form' || formDictCode(dict) !== code) continue;
      const target = definitions.find((candidate) => candidate.head.tableName === dict.table);
      const columns = target === undefined ? null : columnsOf(target);
      if (target === undefined || columns === null || !columns.has(dict.valueField) || !columns.has(dict.textField)) continue;
      const tenantScoped = target.head.isTenant === 1;
      const { table, valueField, textField } = dict;
      return {
        tables: [table],
        tenantScoped,
        load: async (reader, tenantId) => {
          const rows = await sql<{ value: string; text: string }>`
            select cast(${sql.id(valueField)} as text) as value, coalesce(cast(${sql.id(textField)} as text), cast(${sql.id(valueField)} as text)) as text
            from ${sql.id(table)}
            where ${sql.id(valueField)} is not null ${tenantScoped ? sql`and tenant_id = ${tenantId}` : sql``}
            order by 2, 1
            limit ${MAX_FORM_DICT_ITEMS}`.execute(reader);
          return rows.rows;
        },
      };
    }
  }
  return null;
}

/** The resolver the online plugin registers with the DictionaryService (its resolutions kept until a form is synchronised). */
export function formDictionaryResolver(db: Kysely<Database>): TableDictionaryResolver {
  return { tables: ['onl_cgform_head'], resolve: (code) => resolve(db, code) };
}
