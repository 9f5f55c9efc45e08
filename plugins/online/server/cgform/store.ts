import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import { businessError, formatShopTime, lockAtVersion, newId, rowVersionSql, type Database } from '../../../../server/kit';
import { ENHANCE_HISTORY_MAX, THEME_TEMPLATES, type CgformDefinition, type CgformField, type CgformHead, type CgformIndex, type TableType } from '../../cgform-api';
import { CGFORM_MESSAGES, CgformDefinitionError, checkDefinition, foreignKeyField } from './entity';
import { checkFieldReferences, type FieldReferenceOptions } from './field-refs';

/** 表单开发's tables (cgform/migrations.ts). */
export type CgformTables = {
  onl_cgform_head: {
    id: string;
    table_name: string;
    table_txt: string;
    table_type: number;
    sub_table_str: string | null;
    relation_type: number | null;
    tab_order_num: number | null;
    is_db_synch: Generated<string>;
    is_tenant: Generated<number>;
    is_tree: Generated<string>;
    tree_parent_id_field: string | null;
    tree_id_field: string | null;
    tree_fieldname: string | null;
    theme_template: Generated<string>;
    synced_definition: ColumnType<CgformDefinition | null, string | null | undefined, string | null>;
    synced_time: Date | null;
    sync_version: Generated<number>;
    create_by: string | null;
    create_time: Generated<Date>;
    update_by: string | null;
    update_time: Date | null;
  };
  onl_cgform_field: {
    id: string;
    cgform_head_id: string;
    db_field_name: string;
    db_field_txt: string;
    db_type: string;
    db_length: number;
    db_point_length: number | null;
    db_default_val: string | null;
    db_is_null: number;
    db_is_key: number;
    is_show_form: number;
    is_show_list: number;
    is_query: number;
    query_mode: string;
    field_show_type: string;
    dict_field: string | null;
    dict_table: string | null;
    dict_text: string | null;
    field_valid_type: string | null;
    main_table: string | null;
    main_field: string | null;
    order_num: number;
    create_time: Generated<Date>;
  };
  onl_cgform_index: { id: string; cgform_head_id: string; index_name: string; index_field: string; index_type: string; create_time: Generated<Date> };
  onl_cgform_enhance_js: { id: string; cgform_head_id: string; cg_js_type: string; cg_js: string; create_by: string | null; create_time: Generated<Date>; seq: Generated<string> };
  onl_cgform_sync_log: { id: string; cgform_head_id: string; method: string; statements: Json<string[]>; refused: Json<string[]>; create_by: string | null; create_time: Generated<Date>; seq: Generated<string> };
};
type Json<T> = ColumnType<T, string, string>;
export type CgformDb = Kysely<Database & CgformTables>;
type HeadRow = Selectable<CgformTables['onl_cgform_head']>;
type FieldRow = Selectable<CgformTables['onl_cgform_field']>;
type IndexRow = Selectable<CgformTables['onl_cgform_index']>;

export const cgformDb = (db: Kysely<Database>): CgformDb => db.withTables<CgformTables>();

/**
 * Runs the work all or nothing: in a new transaction, or inside the caller's (the demo seed's) under a savepoint,
 * so a failure undoes only this work.
 */
export async function atomically<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(work);
  await sql`savepoint cgform_work`.execute(db);
  try {
    const result = await work(db);
    await sql`release savepoint cgform_work`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint cgform_work`.execute(db);
    throw error;
  }
}

export const STORE_MESSAGES = {
  notFound: '表单不存在',
  hasSubTables: (names: string) => `请先删除附表：${names}`,
  mainNotFound: (name: string) => `主表不存在：${name}`,
  renameSynced: '已同步数据库的表不能修改表名',
  typeChangeSynced: '已同步数据库的表不能修改表类型',
} as const;

const shopTime = (value: Date | null) => (value === null ? null : formatShopTime(value));

export function headOf(row: HeadRow): CgformHead {
  return {
    id: row.id,
    tableName: row.table_name,
    tableTxt: row.table_txt,
    tableType: row.table_type as TableType,
    subTableStr: row.sub_table_str,
    relationType: row.relation_type === null ? null : (row.relation_type as 0 | 1),
    tabOrderNum: row.tab_order_num,
    isDbSynch: row.is_db_synch === 'Y' ? 'Y' : 'N',
    isTenant: row.is_tenant === 1 ? 1 : 0,
    isTree: row.is_tree === 'Y' ? 'Y' : 'N',
    treeParentIdField: row.tree_parent_id_field,
    treeIdField: row.tree_id_field,
    treeFieldname: row.tree_fieldname,
    themeTemplate: THEME_TEMPLATES.find((theme) => theme === row.theme_template) ?? 'normal',
    createTime: formatShopTime(row.create_time),
    updateTime: shopTime(row.update_time),
  };
}

function fieldOf(row: FieldRow): CgformField {
  return {
    id: row.id,
    headId: row.cgform_head_id,
    dbFieldName: row.db_field_name,
    dbFieldTxt: row.db_field_txt,
    dbType: row.db_type as CgformField['dbType'],
    dbLength: row.db_length,
    dbPointLength: row.db_point_length,
    dbDefaultVal: row.db_default_val,
    dbIsNull: row.db_is_null === 0 ? 0 : 1,
    dbIsKey: row.db_is_key === 1 ? 1 : 0,
    isShowForm: row.is_show_form === 1 ? 1 : 0,
    isShowList: row.is_show_list === 1 ? 1 : 0,
    isQuery: row.is_query === 1 ? 1 : 0,
    queryMode: row.query_mode === 'group' ? 'group' : 'single',
    fieldShowType: row.field_show_type as CgformField['fieldShowType'],
    dictField: row.dict_field,
    dictTable: row.dict_table,
    dictText: row.dict_text,
    fieldValidType: row.field_valid_type,
    mainTable: row.main_table,
    mainField: row.main_field,
    orderNum: row.order_num,
  };
}

const indexOf = (row: IndexRow): CgformIndex => ({ id: row.id, indexName: row.index_name, indexField: row.index_field, indexType: row.index_type === 'unique' ? 'unique' : 'normal' });

export async function headById(db: CgformDb, id: string): Promise<HeadRow | null> {
  return (await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** A head as the designer reads it: with the version its editAll carries back (server/crud/row-version.ts). */
export async function headWithVersion(db: CgformDb, row: HeadRow): Promise<CgformHead> {
  const found = await sql<{ version: string }>`select ${rowVersionSql()} as version from onl_cgform_head where id = ${row.id}`.execute(db);
  return { ...headOf(row), rowVersion: found.rows[0]?.version ?? '0' };
}

export async function fieldsOf(db: CgformDb, headId: string): Promise<CgformField[]> {
  const rows = await db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', headId).orderBy('order_num').orderBy('db_field_name').execute();
  return rows.map(fieldOf);
}

export async function indexesOf(db: CgformDb, headId: string): Promise<CgformIndex[]> {
  const rows = await db.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', '=', headId).orderBy('create_time').orderBy('index_name').execute();
  return rows.map(indexOf);
}

/** The current (saved, maybe not yet synchronised) definition of a head. */
export async function definitionOf(db: CgformDb, headId: string): Promise<CgformDefinition | null> {
  const head = await headById(db, headId);
  if (head === null) return null;
  return { head: headOf(head), fields: await fieldsOf(db, headId), indexs: await indexesOf(db, headId) };
}

/** The sub table heads whose link field refers to this main table (current definitions), by tab order. */
export async function subHeadsOf(db: CgformDb, mainTable: string): Promise<HeadRow[]> {
  return db
    .selectFrom('onl_cgform_head as h')
    .selectAll('h')
    .where('h.table_type', '=', 3)
    .where((eb) => eb.exists(eb.selectFrom('onl_cgform_field as f').select('f.id').whereRef('f.cgform_head_id', '=', 'h.id').where('f.main_table', '=', mainTable)))
    .orderBy('h.tab_order_num')
    .orderBy('h.table_name')
    .execute();
}

/** Whether a relation of that name exists in the database (any schema, any kind: table, view, index, sequence). */
async function relationExists(db: CgformDb, name: string): Promise<boolean> {
  const found = await sql<{ found: boolean }>`select exists(select 1 from pg_class where relname = ${name}) as found`.execute(db);
  return found.rows[0]?.found === true;
}

const definitionError = (error: unknown) => (error instanceof CgformDefinitionError ? businessError(error.message) : error);

/** The main table name a sub table's definition refers to (undefined for a single or main table). */
const mainTableOf = (definition: CgformDefinition) => (definition.head.tableType === 3 ? (foreignKeyField(definition)?.mainTable ?? undefined) : undefined);

async function refreshSubTableStr(db: CgformDb, mainTable: string): Promise<void> {
  const subs = await subHeadsOf(db, mainTable);
  await db
    .updateTable('onl_cgform_head')
    .set({ sub_table_str: subs.length === 0 ? null : subs.map((sub) => sub.table_name).join(',') })
    .where('table_name', '=', mainTable)
    .where('table_type', '=', 2)
    .execute();
}

/** Marks a head (and, for a sub table, its main table) as changed since the last synchronisation. */
async function markUnsynced(db: CgformDb, headId: string, mainTable: string | undefined): Promise<void> {
  await db.updateTable('onl_cgform_head').set({ is_db_synch: 'N' }).where('id', '=', headId).execute();
  if (mainTable !== undefined) await db.updateTable('onl_cgform_head').set({ is_db_synch: 'N' }).where('table_name', '=', mainTable).execute();
}

/**
 * addAll (no id) or editAll (head.id): checks every rule (names, types, the catalog: a table name not already
 * taken by a table that is not this form's), then writes head, fields and indexes in one transaction. The body
 * is the whole definition: fields and indexes not in it are removed (deleteFieldIds / deleteIndexIds too).
 * An edit marks the form not synchronised.
 */
export async function saveDefinition(db: CgformDb, definition: CgformDefinition, username: string | null, references: FieldReferenceOptions = {}): Promise<string> {
  try {
    checkDefinition(definition);
    await checkFieldReferences(db, definition, 'save', references);
  } catch (error) {
    throw definitionError(error);
  }
  const { head } = definition;
  const editing = head.id !== undefined && head.id !== '' ? await headById(db, head.id) : null;
  if (head.id !== undefined && head.id !== '' && editing === null) throw businessError(STORE_MESSAGES.notFound);
  if (editing !== null && editing.synced_definition !== null && editing.table_name !== head.tableName) throw businessError(STORE_MESSAGES.renameSynced);
  if (editing !== null && editing.synced_definition !== null && (editing.table_type === 3) !== (head.tableType === 3)) throw businessError(STORE_MESSAGES.typeChangeSynced);
  if (editing === null || editing.table_name !== head.tableName) {
    const taken = await db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', head.tableName).executeTakeFirst();
    if (taken !== undefined || (await relationExists(db, head.tableName))) throw businessError(CGFORM_MESSAGES.tableTaken);
  }
  const mainTable = mainTableOf(definition);
  let isTenant = head.isTenant === 1 ? 1 : 0;
  if (mainTable !== undefined) {
    const main = await db.selectFrom('onl_cgform_head').select(['is_tenant']).where('table_name', '=', mainTable).where('table_type', '=', 2).executeTakeFirst();
    if (main === undefined) throw businessError(STORE_MESSAGES.mainNotFound(mainTable));
    isTenant = main.is_tenant; // a sub table's rows are scoped like its main table's
  }
  if (editing !== null && editing.table_type === 2 && head.tableType !== 2) {
    const subs = await subHeadsOf(db, editing.table_name);
    if (subs.length > 0) throw businessError(STORE_MESSAGES.hasSubTables(subs.map((sub) => sub.table_txt).join('、')));
  }

  try {
    return await writeDefinition(db, definition, editing, isTenant, mainTable, username);
  } catch (error) {
    // Two saves of the same new name at once: the unique key decides, with the same answer as the check above.
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') throw businessError(CGFORM_MESSAGES.tableTaken);
    throw error;
  }
}

async function writeDefinition(db: CgformDb, definition: CgformDefinition, editing: HeadRow | null, isTenant: number, mainTable: string | undefined, username: string | null): Promise<string> {
  const { head } = definition;
  return atomically(db, async (trx) => {
    const id = editing?.id ?? newId();
    const values = {
      table_name: head.tableName,
      table_txt: head.tableTxt,
      table_type: head.tableType,
      relation_type: head.tableType === 3 ? (head.relationType ?? 0) : null,
      tab_order_num: head.tabOrderNum ?? null,
      is_tenant: isTenant,
      is_db_synch: 'N',
      // Only a single table is a tree (checkDefinition), only a main table has a list variant.
      is_tree: head.isTree === 'Y' ? 'Y' : 'N',
      tree_parent_id_field: head.isTree === 'Y' ? head.treeParentIdField || null : null,
      tree_id_field: head.isTree === 'Y' ? head.treeIdField || null : null,
      tree_fieldname: head.isTree === 'Y' ? head.treeFieldname || null : null,
      theme_template: head.tableType === 2 ? (head.themeTemplate ?? 'normal') : 'normal',
    };
    if (editing === null) {
      await trx.insertInto('onl_cgform_head').values({ id, ...values, sub_table_str: null, create_by: username }).execute();
    } else {
      // The version the designer read: refused when the form was saved (or synchronised) by someone else since.
      await lockAtVersion(trx, { table: 'onl_cgform_head', id }, head.rowVersion ?? undefined);
      await trx.updateTable('onl_cgform_head').set({ ...values, update_by: username, update_time: new Date() }).where('id', '=', id).execute();
      if (head.tableType === 2) {
        // Its sub tables' rows are scoped like its own.
        await trx
          .updateTable('onl_cgform_head as h')
          .set({ is_tenant: isTenant })
          .where('h.table_type', '=', 3)
          .where((eb) => eb.exists(eb.selectFrom('onl_cgform_field as f').select('f.id').whereRef('f.cgform_head_id', '=', 'h.id').where('f.main_table', '=', head.tableName)))
          .execute();
      }
    }
    await trx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', id).execute();
    for (const field of definition.fields) {
      await trx
        .insertInto('onl_cgform_field')
        .values({
          id: newId(),
          cgform_head_id: id,
          db_field_name: field.dbFieldName,
          db_field_txt: field.dbFieldTxt,
          db_type: field.dbType,
          db_length: field.dbLength,
          db_point_length: field.dbPointLength ?? null,
          db_default_val: field.dbDefaultVal ?? null,
          db_is_null: field.dbIsNull,
          db_is_key: field.dbIsKey ?? 0,
          is_show_form: field.isShowForm,
          is_show_list: field.isShowList,
          is_query: field.isQuery,
          query_mode: field.queryMode ?? 'single',
          field_show_type: field.fieldShowType,
          dict_field: field.dictField || null,
          dict_table: field.dictTable || null,
          dict_text: field.dictText || null,
          field_valid_type: field.fieldValidType || null,
          main_table: field.mainTable || null,
          main_field: field.mainTable ? field.mainField || 'id' : null,
          order_num: field.orderNum,
        })
        .execute();
    }
    await trx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', id).execute();
    for (const index of definition.indexs) {
      await trx.insertInto('onl_cgform_index').values({ id: newId(), cgform_head_id: id, index_name: index.indexName, index_field: index.indexField, index_type: index.indexType }).execute();
    }
    await markUnsynced(trx, id, mainTable);
    if (mainTable !== undefined) await refreshSubTableStr(trx, mainTable);
    if (editing !== null && editing.table_type === 3) {
      // The sub table may have been moved to another main table: refresh the one it left too.
      const before = await sql<{ main_table: string }>`select distinct table_name as main_table from onl_cgform_head where table_type = 2 and sub_table_str is not null and ${editing.table_name} = any(string_to_array(sub_table_str, ','))`.execute(trx);
      for (const row of before.rows) if (row.main_table !== mainTable) await refreshSubTableStr(trx, row.main_table);
    }
    return id;
  });
}

/**
 * Deletes a definition (refused while a main table still has sub tables). The real table stays unless
 * `dropTable` (then it is dropped in the same transaction).
 */
export async function deleteDefinition(db: CgformDb, id: string, dropTable: boolean): Promise<void> {
  const head = await headById(db, id);
  if (head === null) throw businessError(STORE_MESSAGES.notFound);
  const subs = head.table_type === 2 ? await subHeadsOf(db, head.table_name) : [];
  if (subs.length > 0) throw businessError(STORE_MESSAGES.hasSubTables(subs.map((sub) => sub.table_txt).join('、')));
  const mainTable = head.table_type === 3 ? mainTableOf({ head: headOf(head), fields: await fieldsOf(db, id), indexs: [] }) : undefined;
  await atomically(db, async (trx) => {
    await trx.deleteFrom('onl_cgform_head').where('id', '=', id).execute();
    if (mainTable !== undefined) {
      await refreshSubTableStr(trx, mainTable);
      await trx.updateTable('onl_cgform_head').set({ is_db_synch: 'N' }).where('table_name', '=', mainTable).execute();
    }
    // The name passed every rule when saved (never a system or plugin table), and only a synchronised form has a table.
    if (dropTable && head.synced_definition !== null) await sql`drop table if exists ${sql.id(head.table_name)}`.execute(trx);
  });
}

export interface HeadListQuery {
  pageNo: number;
  pageSize: number;
  tableName?: string;
  tableTxt?: string;
  tableType?: number;
}

export async function listHeads(db: CgformDb, query: HeadListQuery): Promise<{ records: CgformHead[]; total: number; current: number; size: number }> {
  const escape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let base = db.selectFrom('onl_cgform_head');
  if (query.tableName) base = base.where('table_name', 'ilike', escape(query.tableName.trim()));
  if (query.tableTxt) base = base.where('table_txt', 'ilike', escape(query.tableTxt.trim()));
  if (query.tableType !== undefined) base = base.where('table_type', '=', query.tableType);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('create_time', 'desc')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { records: rows.map(headOf), total: Number(total?.total ?? 0), current: query.pageNo, size: query.pageSize };
}

// ---- what the data side reads (the lead's cgform/data-routes.ts) ---------------------------------------

/** The id of the form whose table is `code` (any table type), or null. */
export async function headIdOf(db: Kysely<Database>, code: string): Promise<string | null> {
  const row = await cgformDb(db).selectFrom('onl_cgform_head').select('id').where('table_name', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The synchronised snapshots of a single or main table and of its synchronised sub tables; `version` changes at
 * every synchronisation (and when a sub table's definition is deleted). Null when never synchronised or a sub table.
 */
export async function syncedForm(db: Kysely<Database>, code: string): Promise<{ headId: string; version: string; main: CgformDefinition; subs: CgformDefinition[] } | null> {
  const forms = cgformDb(db);
  const head = await forms.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', code).where('table_type', '<>', 3).executeTakeFirst();
  if (head === undefined || head.synced_definition === null) return null;
  const subRows = await forms
    .selectFrom('onl_cgform_head')
    .select(['id', 'synced_definition', 'sync_version'])
    .where('table_type', '=', 3)
    .where('synced_definition', 'is not', null)
    .orderBy('tab_order_num')
    .orderBy('table_name')
    .execute();
  const subs: CgformDefinition[] = [];
  const versions = [`${head.id}.${head.sync_version}`];
  for (const row of subRows) {
    const definition = row.synced_definition;
    if (definition === null || foreignKeyField(definition, code) === undefined) continue;
    subs.push(definition);
    versions.push(`${row.id}.${row.sync_version}`);
  }
  return { headId: head.id, version: versions.join(':'), main: head.synced_definition, subs };
}

// ---- JavaScript enhancement --------------------------------------------------------------------------

export type EnhanceType = 'form' | 'list';

/** The current enhancement of a form (its newest save), or null when none (or cleared). */
export async function currentEnhanceJs(db: Kysely<Database>, headId: string, type: EnhanceType): Promise<string | null> {
  const row = await cgformDb(db).selectFrom('onl_cgform_enhance_js').select('cg_js').where('cgform_head_id', '=', headId).where('cg_js_type', '=', type).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row === undefined || row.cg_js.trim() === '' ? null : row.cg_js;
}

/** Saves a new version (every save is a history row), keeping the newest ENHANCE_HISTORY_MAX per head and type. */
export async function saveEnhanceJs(db: CgformDb, headId: string, type: EnhanceType, js: string, username: string | null): Promise<void> {
  await atomically(db, async (trx) => {
    // Saves of the same form queue on its head row, so the trim below sees every earlier save.
    const head = await trx.selectFrom('onl_cgform_head').select('id').where('id', '=', headId).forUpdate().executeTakeFirst();
    if (head === undefined) throw businessError(STORE_MESSAGES.notFound);
    await trx.insertInto('onl_cgform_enhance_js').values({ id: newId(), cgform_head_id: headId, cg_js_type: type, cg_js: js, create_by: username }).execute();
    const kept = trx.selectFrom('onl_cgform_enhance_js').select('id').where('cgform_head_id', '=', headId).where('cg_js_type', '=', type).orderBy('seq', 'desc').limit(ENHANCE_HISTORY_MAX);
    await trx.deleteFrom('onl_cgform_enhance_js').where('cgform_head_id', '=', headId).where('cg_js_type', '=', type).where('id', 'not in', kept).execute();
  });
}

export interface EnhanceVersion {
  id: string;
  cgJs: string;
  cgJsType: EnhanceType;
  createBy: string | null;
  createTime: string;
}

export async function enhanceHistory(db: CgformDb, headId: string, type: EnhanceType): Promise<EnhanceVersion[]> {
  const rows = await db.selectFrom('onl_cgform_enhance_js').selectAll().where('cgform_head_id', '=', headId).where('cg_js_type', '=', type).orderBy('seq', 'desc').execute();
  return rows.map((row) => ({ id: row.id, cgJs: row.cg_js, cgJsType: type, createBy: row.create_by, createTime: formatShopTime(row.create_time) }));
}
