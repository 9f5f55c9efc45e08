import type { Kysely } from 'kysely';
import type { Database, PopupReportTables } from '../../../../server/kit';
import type { CgformDefinition } from '../../cgform-api';
import { CGFORM_MESSAGES, CgformDefinitionError } from './entity';
import { popupOf, tableDictOf, type TableDict } from './field-semantics';
import type { CgformTables } from './store';

/**
 * What a definition's fields refer to outside it, checked against the database: a table dictionary's registered code
 * or its form's table and columns, a popup's report and its columns. At save against the other form's current
 * definition; at synchronisation against its synchronised one (the columns that really exist).
 */

export interface FieldReferenceOptions {
  /** Whether the server has a table dictionary registered under a code (DictionaryService); none when absent. */
  tableDictionaryExists?: (code: string) => boolean;
}

type Stage = 'save' | 'sync';
type Reader = Kysely<Database & CgformTables & PopupReportTables>;

const fail = (message: string): never => {
  throw new CgformDefinitionError(message);
};

/** The field names of the form whose table is `table`, as saved or as synchronised; null when there is none. */
async function formFieldsOf(db: Reader, table: string, stage: Stage): Promise<Set<string> | null> {
  const head = await db.selectFrom('onl_cgform_head').select(['id', 'synced_definition']).where('table_name', '=', table).executeTakeFirst();
  if (head === undefined) return null;
  if (stage === 'sync') return head.synced_definition === null ? null : new Set(head.synced_definition.fields.map((field) => field.dbFieldName));
  const rows = await db.selectFrom('onl_cgform_field').select('db_field_name').where('cgform_head_id', '=', head.id).execute();
  return new Set(rows.map((row) => row.db_field_name));
}

async function checkFormDictionary(db: Reader, definition: CgformDefinition, dict: Extract<TableDict, { kind: 'form' }>, stage: Stage): Promise<void> {
  // A form may name its own table (a parent row of the same kind): its own fields, as they are now.
  const fields = dict.table === definition.head.tableName ? new Set(definition.fields.map((field) => field.dbFieldName)) : await formFieldsOf(db, dict.table, stage);
  if (fields === null) fail(CGFORM_MESSAGES.tableDictMissing(dict.table));
  for (const column of [dict.valueField, dict.textField]) {
    if (!(column === 'id' || fields?.has(column) === true)) fail(CGFORM_MESSAGES.tableDictFieldMissing(`${dict.table}.${column}`));
  }
}

async function checkPopup(db: Reader, report: string, columns: readonly string[]): Promise<void> {
  const head = await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', report).executeTakeFirst();
  if (head === undefined) fail(CGFORM_MESSAGES.popupReportMissing(report));
  const items = await db
    .selectFrom('onl_cgreport_item')
    .select('field_name')
    .where('cgrhead_id', '=', head?.id ?? '')
    .execute();
  const known = new Set(items.map((item) => item.field_name));
  for (const column of columns) if (!known.has(column)) fail(CGFORM_MESSAGES.popupColumnMissing(`${report}.${column}`));
}

/** Throws CgformDefinitionError for the first reference that does not hold. */
export async function checkFieldReferences(db: Kysely<Database & CgformTables>, definition: CgformDefinition, stage: Stage, options: FieldReferenceOptions = {}): Promise<void> {
  const reader = db.withTables<PopupReportTables>();
  for (const field of definition.fields) {
    const dict = tableDictOf(field);
    if (dict?.kind === 'registered' && stage === 'save' && options.tableDictionaryExists?.(dict.code) !== true) fail(CGFORM_MESSAGES.tableDictMissing(dict.code));
    if (dict?.kind === 'form') await checkFormDictionary(reader, definition, dict, stage);
    const popup = popupOf(field);
    if (popup !== undefined && stage === 'save') await checkPopup(reader, popup.report, popup.columns);
  }
}
