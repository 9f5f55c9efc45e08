import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  columnOf,
  defineEntity,
  fieldEntries,
  permissionCode,
  type EntityAction,
  type EntityDefinition,
  type PageResult,
} from '../../src/contracts/entity';
import { importProgressKey } from '../../src/contracts/live';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { keepConnectionWhileWorking } from '../http/long-work';
import { ApiError, businessError, ok } from '../http/envelope';
import { entityRouteSchemas } from './entity-schemas';
import { excelColumns, exportColumns, streamWorkbook, XLSX_MIME } from './excel';
import { importProgressFrame, SILENT_PROGRESS, throttledProgress, type ProgressReporter } from './import-progress';
import { importRows, importSummaryMessage, MSG_FILE_TOO_LARGE, readSheetRows, TooManyRowsError, type Checked } from './excel-import';
import { fieldLabeller, type LabelResolver } from './labels';
import { countRows, pageQuery } from './list-paging';
import { orderBySql, readPage, scopeConditions, sortColumns, whereSql, type QueryParams } from './list-query';
import { withMultipart } from './multipart';
import { loadDictionaries, selectColumnsSql, toRecord, type Row, type WireRecord } from './records';
import { allowDataLogTable, allowEntityUniqueFields } from './registry';
import { deleteChildren, readChildren, saveChildren, validateChildren, type ChildRowSet } from './children';
import { parentOf, treeKeeperOf } from './tree';
import { fieldChanges, snapshotOf, type DataLogAction } from '../logs/data-log';
import { rowVersionIs, rowVersionOf, staleError, ROW_VERSION_COLUMN } from './row-version';
import { isUniqueViolation, MSG_DUPLICATE, storedClashes, uniqueIssues, validateInput, type FieldValues, type ValidationIssue } from './validate';

export const MSG_ADDED = '添加成功！';
export const MSG_EDITED = '编辑成功!';
export const MSG_DELETED = '删除成功!';
export const MSG_BATCH_DELETED = '批量删除成功!';
export const MSG_NOT_FOUND_RECORD = '未找到对应数据';
export const MSG_NO_FILE = '请选择要导入的文件';
export const MSG_BAD_FILE = '文件格式不正确，请上传 .xlsx 文件';
export const MSG_EMPTY_FILE = '文件中没有可导入的数据';
/** The most rows one export writes (streamed, so bounded by time rather than memory). */
export const MAX_EXPORT_ROWS = 100_000;
/** Rows read and written per step of an export; other requests get their turn between two. */
const EXPORT_PAGE_ROWS = 500;
const MAX_BATCH_IDS = 1000;

/** A route of the contract; queryById is guarded by the list permission. */
export type CrudRoute = EntityAction | 'queryById';

export interface WriteContext {
  request: FastifyRequest;
  mode: 'add' | 'edit';
  /** The edited record's id. */
  id?: string;
  /**
   * Computes a value once per request and hands it out again after: an import's thousands of rows share it (the
   * entry level every imported member gets), where each row's own query would make the import slow.
   */
  once: <T>(key: string, compute: () => Promise<T>) => Promise<T>;
}

/** A fresh WriteContext.once, for one request. */
function onceMemo(): WriteContext['once'] {
  const computed = new Map<string, Promise<unknown>>();
  return <T>(key: string, compute: () => Promise<T>) => {
    const known = computed.get(key);
    if (known !== undefined) return known as Promise<T>;
    const value = compute();
    computed.set(key, value);
    return value;
  };
}

export interface ChangeContext {
  request: FastifyRequest;
  action: 'add' | 'edit' | 'delete' | 'deleteBatch' | 'importExcel';
}

export interface EntityRouteOptions {
  /** Resolves field/title label keys to product-language text (messages, Excel headers). */
  labels?: LabelResolver;
  /** Routes to serve (default: all of them). */
  actions?: readonly CrudRoute[];
  /** Last word on validated values before a write, e.g. hashing a password; may throw businessError. */
  beforeWrite?: (values: FieldValues, context: WriteContext) => FieldValues | Promise<FieldValues>;
  /** After a successful write, e.g. invalidating a cache. */
  afterChange?: (context: ChangeContext) => void | Promise<void>;
  /** Extra conditions for every read (list, export, queryById), e.g. a fixed parent. */
  readScope?: (request: FastifyRequest) => RawBuilder<unknown>[];
}

/** The reads and writes behind the routes, for screens that need them outside the generic routes. */
export interface EntityStore {
  list(request: FastifyRequest, query: QueryParams): Promise<PageResult<WireRecord>>;
  findById(request: FastifyRequest, id: string): Promise<WireRecord | null>;
  /**
   * Logs a change a screen's own route made (数据日志) the way the generic routes do: `before` is the record read
   * before the write (null for an add); an add or edit reads the record as it is now.
   */
  recordChange(request: FastifyRequest, action: DataLogAction, id: string, before: WireRecord | null): Promise<void>;
  /** Deletes records by id as the delete routes do (children, data log, afterChange); the number removed. */
  remove(request: FastifyRequest, ids: readonly string[]): Promise<number>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function firstIssue(issues: ValidationIssue[]): ApiError {
  return businessError(issues[0]?.message ?? '参数校验失败');
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The answer of an engine route: an envelope, or (export) the reply it sent. */
export type EntityHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The engine's work for one entity, apart from where it is mounted: each handler reads the request as its route
 * receives it (query and body already checked against `schemas`) and answers the envelope. `registerEntityRoutes`
 * mounts them under the entity's API base; `registerRuntimeEntityRoutes` serves entities defined at run time.
 */
export interface EntityHandlers {
  readonly entity: EntityDefinition;
  readonly schemas: ReturnType<typeof entityRouteSchemas>;
  readonly store: EntityStore;
  readonly handle: Record<CrudRoute, EntityHandler>;
  /** The Excel title of the entity (its display name). */
  readonly title: string;
}

/**
 * Serves the list/CRUD contract (docs/reference/jeecg-conventions.md §2.1) of one entity under its API base, each route
 * guarded by `<permission>:<action>` on the server and, for tenant-scoped entities, by the caller's
 * tenant on every statement. Call it from a plugin's `register(api, ctx)`.
 */
export async function registerEntityRoutes(api: FastifyInstance, definition: EntityDefinition, options: EntityRouteOptions = {}): Promise<EntityStore> {
  const { entity, schemas, store, handle } = createEntityHandlers(api, definition, options);
  const actions = new Set<string>(options.actions ?? CRUD_ROUTES);
  const access = (action: EntityAction) => ({ access: { permission: permissionCode(entity, action) } });
  if (actions.has('list')) api.get(`${entity.api}/list`, { config: access('list'), schema: schemas.list }, handle.list);
  // queryById is guarded by the list permission.
  if (actions.has('queryById')) api.get(`${entity.api}/queryById`, { config: access('list'), schema: schemas.queryById }, handle.queryById);
  if (actions.has('add')) api.post(`${entity.api}/add`, { config: access('add'), schema: schemas.add }, handle.add);
  if (actions.has('edit')) api.route({ method: ['PUT', 'POST'], url: `${entity.api}/edit`, config: access('edit'), schema: schemas.edit, handler: handle.edit });
  if (actions.has('delete')) api.delete(`${entity.api}/delete`, { config: access('delete'), schema: schemas.delete }, handle.delete);
  if (actions.has('deleteBatch')) api.delete(`${entity.api}/deleteBatch`, { config: access('deleteBatch'), schema: schemas.deleteBatch }, handle.deleteBatch);
  if (actions.has('exportXls')) api.get(`${entity.api}/exportXls`, { config: access('exportXls'), schema: schemas.list }, handle.exportXls);
  if (actions.has('importExcel')) {
    await withMultipart(api, (scope) => scope.post(`${entity.api}/importExcel`, { config: access('importExcel'), schema: schemas.importExcel }, handle.importExcel));
  }
  return store;
}

/** Every route the engine can serve for an entity. */
export const CRUD_ROUTES: readonly CrudRoute[] = ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'];

/** The engine's handlers for one entity (see EntityHandlers); registers its unique fields and data-log table. */
export function createEntityHandlers(api: FastifyInstance, definition: EntityDefinition, options: EntityRouteOptions = {}): EntityHandlers {
  // Re-checks identifiers even for definitions built without defineEntity.
  const entity = defineEntity(definition);
  const db: Kysely<Database> = api.db;
  const label = fieldLabeller(entity, options.labels);
  const title = (entity.title !== undefined ? options.labels?.(entity.title) : undefined) ?? entity.table;
  // Table dictionaries over tenant-scoped tables name only the caller's tenant's rows.
  const dictItemsOf = (request: FastifyRequest) => (code: string) => api.dictionaries.items(code, request.tenantId ?? 0);
  const table = sql.id(entity.table);
  const username = (request: FastifyRequest) => request.auth?.username ?? null;
  const readConditions = (request: FastifyRequest) => [...scopeConditions(entity, request.tenantId), ...(options.readScope?.(request) ?? [])];
  allowEntityUniqueFields(api, entity);
  allowDataLogTable(api, { table: entity.table, permission: permissionCode(entity, 'list'), tenantScoped: entity.tenantScoped === true, entity });
  const schemas = entityRouteSchemas(entity, label);
  const tree = treeKeeperOf(entity);

  async function list(request: FastifyRequest, query: QueryParams): Promise<PageResult<WireRecord>> {
    const { pageNo, pageSize } = readPage(query);
    const where = whereSql(entity, query, request.tenantId, [...(options.readScope?.(request) ?? []), ...(tree?.listConditions(query) ?? [])]);
    // Counted once per filter, deep pages from an anchor (server/crud/list-paging.ts).
    const total = await countRows(db, entity.table, where);
    const page = await pageQuery(db, entity.table, selectColumnsSql(entity, { rows: 'page' }), { where, sort: sortColumns(entity, query), pageNo, pageSize });
    const rows = await page.$castTo<Row>().execute(db);
    const dictionaries = await loadDictionaries(entity, dictItemsOf(request));
    const records = rows.rows.map((row) => toRecord(entity, row, dictionaries));
    await api.references.attach(entity, records, request.tenantId ?? 0, 'page');
    return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
  }

  async function findRow(request: FastifyRequest, id: string): Promise<Row | null> {
    if (id === '' || id.length > 64) return null;
    const conditions = [...readConditions(request), sql`${sql.id('id')} = ${id}`];
    const rows = await sql<Row>`select ${selectColumnsSql(entity)} from ${table} where ${sql.join(conditions, sql` and `)}`.execute(db);
    return rows.rows[0] ?? null;
  }

  const hasChildren = entity.children !== undefined && Object.keys(entity.children).length > 0;

  async function findById(request: FastifyRequest, id: string): Promise<WireRecord | null> {
    const row = await findRow(request, id);
    if (row === null) return null;
    const record = toRecord(entity, row, await loadDictionaries(entity, dictItemsOf(request)));
    await api.references.attach(entity, [record], request.tenantId ?? 0);
    // Master-detail: the record comes with its rows, as its form edits them.
    if (!hasChildren) return record;
    const children = await readChildren(db, entity, id, request.tenantId ?? null, (child) => loadDictionaries(child, dictItemsOf(request)));
    for (const [key, rows] of Object.entries(children)) {
      const child = entity.children?.[key]?.entity;
      if (child !== undefined) await api.references.attach(child, rows, request.tenantId ?? 0);
    }
    return { ...record, ...children };
  }

  /** The body's child rows, validated (none when the entity has no children). */
  async function validatedChildren(request: FastifyRequest, body: unknown): Promise<ChildRowSet[]> {
    if (!hasChildren) return [];
    const { sets, issues } = await validateChildren(entity, body, { labels: options.labels, dictItems: dictItemsOf(request) });
    if (issues.length > 0) throw firstIssue(issues);
    return sets;
  }

  /** Runs a write and the saving of its child rows in one transaction (the write alone when there are none and no tree to keep). */
  async function withChildren<T>(request: FastifyRequest, sets: readonly ChildRowSet[], write: (executor: Kysely<Database>) => Promise<T>, parentIdOf: (result: T) => string): Promise<T> {
    if (sets.length === 0 && tree === null) return write(db);
    return db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await saveChildren(trx, parentIdOf(result), sets, { tenantId: request.tenantId ?? null, username: username(request) });
      return result;
    });
  }

  function fieldValuesOf(row: Row): FieldValues {
    return Object.fromEntries(fieldEntries(entity).map(([name]) => [name, row[columnOf(entity, name)] ?? null]));
  }

  // 数据日志: every write leaves the record's values and what changed (off the request path, never failing it).
  const loggedFields = fieldEntries(entity).map(([name]) => name);
  const recordOf = (row: Row): WireRecord => toRecord(entity, row, new Map());
  function logChange(request: FastifyRequest, action: DataLogAction, id: string, after: WireRecord, before?: WireRecord): void {
    api.logWriter.writeData({
      tenantId: entity.tenantScoped ? (request.tenantId ?? 0) : 0,
      table: entity.table,
      dataId: id,
      action,
      content: snapshotOf(after, loggedFields),
      changes: before === undefined ? [] : fieldChanges(snapshotOf(before, loggedFields), snapshotOf(after, loggedFields), loggedFields, label),
      createBy: username(request),
    });
  }

  async function insert(request: FastifyRequest, values: FieldValues, executor: Kysely<Database> = db): Promise<string> {
    const id = newId();
    const columns: string[] = ['id'];
    const params: unknown[] = [id];
    for (const [name, value] of Object.entries(values)) {
      columns.push(columnOf(entity, name));
      params.push(value);
    }
    columns.push('create_by', 'create_time');
    params.push(username(request), sql`now()`);
    if (entity.tenantScoped) {
      columns.push('tenant_id');
      params.push(request.tenantId ?? 0);
    }
    await sql`insert into ${table} (${sql.join(columns.map((column) => sql.id(column)))}) values (${sql.join(params)})`.execute(executor);
    return id;
  }

  /** An insert that keeps the tree: the parent checked (and locked) first, its flag set after, in the caller's transaction. */
  async function insertNode(request: FastifyRequest, values: FieldValues, executor: Kysely<Database>): Promise<string> {
    if (tree === null) return insert(request, values, executor);
    const parent = parentOf(values[tree.tree.parentField]);
    await tree.checkPlacement(executor, request.tenantId, parent);
    const id = await insert(request, { ...values, [tree.tree.hasChildField]: '0' }, executor);
    await tree.afterMove(executor, request.tenantId, parent, null);
    return id;
  }

  /** The form's checks of a body's own values (fields, dictionaries), in memory. */
  async function checkedInput(request: FastifyRequest, body: unknown, mode: 'add' | 'edit'): Promise<Checked> {
    const input = await validateInput(entity, body, { mode, label, dictItems: dictItemsOf(request) });
    return { values: tree === null ? input.values : tree.prepare(input.values, mode), issues: input.issues };
  }

  /** The plugin's business rules (beforeWrite) on values that passed the checks; a business refusal is an issue. */
  async function businessRules(request: FastifyRequest, values: FieldValues, context: Omit<WriteContext, 'request'>): Promise<Checked> {
    try {
      return { values: (await options.beforeWrite?.(values, { request, ...context })) ?? values, issues: [] };
    } catch (error) {
      // A business refusal is one more validation issue (so an import records it for its row and goes on).
      if (error instanceof ApiError && error.httpStatus === 200) return { values, issues: [{ field: '', message: error.message }] };
      throw error;
    }
  }

  /** The form's whole validation, in its order: the body's own values, uniqueness against stored rows, business rules. */
  async function validated(request: FastifyRequest, body: unknown, mode: 'add' | 'edit', current?: { id: string; values: FieldValues }, once = onceMemo()): Promise<Checked> {
    const input = await checkedInput(request, body, mode);
    if (input.issues.length > 0) return input;
    const duplicates = await uniqueIssues(db, entity, input.values, { id: current?.id, tenantId: request.tenantId, current: current?.values }, label);
    if (duplicates.length > 0) return { values: input.values, issues: duplicates };
    return businessRules(request, input.values, { mode, id: current?.id, once });
  }

  async function changed(request: FastifyRequest, action: ChangeContext['action']): Promise<void> {
    await options.afterChange?.({ request, action });
  }

  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw businessError(MSG_DUPLICATE);
      throw error;
    }
  }

  const handleList: EntityHandler = async (request) => ok(await list(request, request.query as QueryParams));

  const handleQueryById: EntityHandler = async (request) => {
    const record = await findById(request, text((request.query as QueryParams).id));
    if (record === null) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(record);
  };

  const handleAdd: EntityHandler = async (request) => {
    const { values, issues } = await validated(request, request.body, 'add');
    if (issues.length > 0) throw firstIssue(issues);
    const children = await validatedChildren(request, request.body);
    const id = await guardUnique(() => withChildren(request, children, (executor) => insertNode(request, values, executor), (created) => created));
    await changed(request, 'add');
    const record = await findById(request, id);
    if (record !== null) logChange(request, 'add', id, record);
    return ok(record, MSG_ADDED);
  };

  const handleEdit: EntityHandler = async (request) => {
    const body: unknown = request.body;
    const id = text(typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined);
    const row = await findRow(request, id);
    if (row === null) throw businessError(MSG_NOT_FOUND_RECORD);
    // The version the form was read at: a save over a newer one is refused before anything else is said about it.
    const version = rowVersionOf(body);
    if (version !== undefined && row[ROW_VERSION_COLUMN] !== version) throw staleError();
    const { values, issues } = await validated(request, body, 'edit', { id, values: fieldValuesOf(row) });
    if (issues.length > 0) throw firstIssue(issues);
    const children = await validatedChildren(request, body);
    const assignments = [
      ...Object.entries(values).map(([name, value]) => sql`${sql.id(columnOf(entity, name))} = ${value}`),
      sql`${sql.id('update_by')} = ${username(request)}`,
      sql`${sql.id('update_time')} = now()`,
    ];
    const conditions = [...scopeConditions(entity, request.tenantId), sql`${sql.id('id')} = ${id}`];
    // Checked again by the UPDATE itself: a save that committed since the read above moved the stamp, so this one
    // (waiting for its row lock on PostgreSQL) then matches nothing.
    const versioned = version === undefined ? conditions : [...conditions, rowVersionIs(version)];
    const updated = await guardUnique(() =>
      withChildren(
        request,
        children,
        async (executor) => {
          // A move in the tree: the new parent checked before, both parents' flags kept after, in this transaction.
          const move = tree !== null && Object.prototype.hasOwnProperty.call(values, tree.tree.parentField) ? { keeper: tree, from: parentOf(row[tree.parentColumn]), to: parentOf(values[tree.tree.parentField]) } : null;
          const moving = move !== null && move.from !== move.to ? move : null;
          if (moving !== null) await moving.keeper.checkPlacement(executor, request.tenantId, moving.to, id);
          const result = await sql<{ id: string }>`update ${table} set ${sql.join(assignments)} where ${sql.join(versioned, sql` and `)} returning id`.execute(executor);
          // Nothing updated (deleted, or saved by someone else, meanwhile): no child row may be written for it.
          if (result.rows.length === 0) {
            const still = version === undefined ? [] : (await sql`select 1 from ${table} where ${sql.join(conditions, sql` and `)}`.execute(executor)).rows;
            throw still.length > 0 ? staleError() : businessError(MSG_NOT_FOUND_RECORD);
          }
          if (moving !== null) await moving.keeper.afterMove(executor, request.tenantId, moving.to, moving.from);
          return result;
        },
        () => id,
      ),
    );
    if (updated.rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    await changed(request, 'edit');
    const record = await findById(request, id);
    if (record !== null) logChange(request, 'edit', id, record, recordOf(row));
    return ok(record, MSG_EDITED);
  };

  async function remove(request: FastifyRequest, ids: string[]): Promise<number> {
    const conditions = [...readConditions(request), sql`${sql.id('id')} in (${sql.join(ids)})`];
    const where = sql.join(conditions, sql` and `);
    // The removed rows come back as they were: the data log keeps their last values.
    const returning = selectColumnsSql(entity);
    const result = await db.transaction().execute(async (trx) => {
      // A tree row with children stays; the parents that lose their last child lose their flag.
      const parents = tree === null ? [] : await tree.beforeDelete(trx, request.tenantId, ids);
      const removed = entity.softDelete
        ? await sql<Row>`update ${table} set del_flag = 1, update_by = ${username(request)}, update_time = now() where ${where} returning ${returning}`.execute(trx)
        : await sql<Row>`delete from ${table} where ${where} returning ${returning}`.execute(trx);
      // A removed record's rows go with it (a soft-deleted one keeps them, as it may come back).
      if (!entity.softDelete) await deleteChildren(trx, entity, removed.rows.map((row) => String(row.id)), request.tenantId ?? null);
      if (tree !== null) await tree.clearChildless(trx, request.tenantId, parents);
      return removed;
    });
    for (const row of result.rows) logChange(request, 'delete', String(row.id), recordOf(row));
    return result.rows.length;
  }

  const handleDelete: EntityHandler = async (request) => {
    const id = text((request.query as QueryParams).id);
    if (id === '' || id.length > 64 || (await remove(request, [id])) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    await changed(request, 'delete');
    return ok(null, MSG_DELETED);
  };

  const handleDeleteBatch: EntityHandler = async (request) => {
    // The client leaves a trailing comma (docs/reference/jeecg-conventions.md §2.1).
    const ids = [...new Set(text((request.query as QueryParams).ids).split(',').map((id) => id.trim()).filter((id) => id !== '' && id.length <= 64))];
    if (ids.length === 0 || ids.length > MAX_BATCH_IDS) throw businessError(MSG_NOT_FOUND_RECORD);
    if ((await remove(request, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    await changed(request, 'deleteBatch');
    return ok(null, MSG_BATCH_DELETED);
  };

  const handleExport: EntityHandler = async (request, reply) => {
    const query = request.query as QueryParams;
    const selections = text(query.selections).split(',').map((id) => id.trim()).filter((id) => id !== '' && id.length <= 64).slice(0, MAX_EXPORT_ROWS);
    const extra = [...(options.readScope?.(request) ?? []), ...(selections.length > 0 ? [sql`${sql.id('id')} in (${sql.join(selections)})`] : [])];
    const where = whereSql(entity, query, request.tenantId, extra);
    // The rows to export and their order are fixed once, by id: pages read later neither repeat nor skip a row
    // when others write meanwhile (every request adds to the log that is being exported).
    const ids = (await sql<{ id: string }>`select id from ${table} where ${where} order by ${orderBySql(entity, query)} limit ${MAX_EXPORT_ROWS}`.execute(db)).rows.map((row) => row.id);
    const dictionaries = await loadDictionaries(entity, dictItemsOf(request));
    const readPage = async (pageIds: readonly string[]): Promise<WireRecord[]> => {
      if (pageIds.length === 0) return [];
      const rows = await sql<Row>`select ${selectColumnsSql(entity, { rows: 'page' })} from ${table} where ${where} and ${sql.id('id')} in (${sql.join([...pageIds])})`.execute(db);
      const byId = new Map(rows.rows.map((row) => [String(row.id), row]));
      // A row deleted since the ids were read is left out.
      const records = pageIds.flatMap((id) => {
        const row = byId.get(id);
        return row === undefined ? [] : [toRecord(entity, row, dictionaries)];
      });
      // References as their names (a member, an order number), never ids.
      await api.references.attach(entity, records, request.tenantId ?? 0);
      return records;
    };
    const first = await readPage(ids.slice(0, EXPORT_PAGE_ROWS));
    async function* pages(): AsyncGenerator<WireRecord[]> {
      yield first;
      for (let start = EXPORT_PAGE_ROWS; start < ids.length; start += EXPORT_PAGE_ROWS) yield await readPage(ids.slice(start, start + EXPORT_PAGE_ROWS));
    }
    const file = streamWorkbook({ title, exportedBy: request.auth?.username ?? '', columns: exportColumns(entity, label), dictionaries }, pages());
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition(`${title}.xlsx`)).send(file);
  };

  /** The importing user's own table sockets hear the import's progress; nobody else does (server/crud/import-progress.ts). */
  function progressOf(request: FastifyRequest): ProgressReporter {
    const importId = text((request.query as QueryParams).importId);
    const userId = request.auth?.userId;
    if (importId === '' || userId === undefined) return SILENT_PROGRESS;
    return throttledProgress((progress) => api.sockets.sendToUserTables(userId, importProgressKey(importId), importProgressFrame(importId, progress)));
  }

  const handleImport: EntityHandler = async (request) => {
    const progress = progressOf(request);
    const file = await request.file();
    if (file === undefined) throw businessError(MSG_NO_FILE);
    progress.report({ phase: 'reading', done: 0, total: 0 });
    const dictionaries = await loadDictionaries(entity, dictItemsOf(request));
    let sheet;
    try {
      sheet = await readSheetRows(file.file, excelColumns(entity, label), dictionaries);
    } catch (error) {
      if (error instanceof TooManyRowsError) throw businessError(error.message);
      throw businessError(file.file.truncated ? MSG_FILE_TOO_LARGE : MSG_BAD_FILE);
    }
    if (file.file.truncated) throw businessError(MSG_FILE_TOO_LARGE);
    // The file is read: from here the server works and the line is quiet, maybe for minutes (100,000 rows).
    keepConnectionWhileWorking(request);
    if (sheet.rows.length === 0) throw businessError(MSG_EMPTY_FILE);
    // The rows share what the business rules compute once per request (an entry level, say).
    const once = onceMemo();
    const outcome = await importRows(sheet.rows, {
      db,
      entity,
      label,
      readOnlyColumns: sheet.readOnlyColumns,
      stamp: { createBy: username(request), tenantId: request.tenantId ?? null },
      checkInput: (values) => checkedInput(request, values, 'add'),
      storedClashes: (rows) => storedClashes(db, entity, rows, { tenantId: request.tenantId }, label),
      businessRules: (values) => businessRules(request, values, { mode: 'add', once }),
      validate: (values) => validated(request, values, 'add', undefined, once),
      // An import is one operation-log row, not thousands of data-log rows.
      insertOne: (values) => guardUnique(() => (tree === null ? insert(request, values) : db.transaction().execute((trx) => insertNode(request, values, trx)))),
      progress,
    });
    progress.finish({ phase: 'done', done: outcome.total, total: outcome.total });
    if (outcome.imported > 0) await changed(request, 'importExcel');
    // `failed` repeats `skipped` for clients written against the earlier answer.
    const result = { ...outcome, failed: outcome.skipped };
    if (outcome.skipped === 0) return ok(result, `文件导入成功！数据行数：${outcome.imported}`);
    // Some rows skipped: success with code 201 and the reasons (docs/reference/jeecg-conventions.md §2.1).
    return { ...ok(result, importSummaryMessage(outcome.imported, outcome.skipped)), code: 201 };
  };

  async function recordChange(request: FastifyRequest, action: DataLogAction, id: string, before: WireRecord | null): Promise<void> {
    if (action === 'delete') {
      if (before !== null) logChange(request, 'delete', id, before);
      return;
    }
    const after = await findById(request, id);
    if (after !== null) logChange(request, action, id, after, before ?? undefined);
  }

  return {
    entity,
    schemas,
    title,
    store: {
      list,
      findById,
      recordChange,
      remove: async (request, ids) => {
        const valid = [...new Set(ids)].filter((id) => id !== '' && id.length <= 64).slice(0, MAX_BATCH_IDS);
        const removed = valid.length === 0 ? 0 : await remove(request, valid);
        if (removed > 0) await changed(request, valid.length === 1 ? 'delete' : 'deleteBatch');
        return removed;
      },
    },
    handle: {
      list: handleList,
      queryById: handleQueryById,
      add: handleAdd,
      edit: handleEdit,
      delete: handleDelete,
      deleteBatch: handleDeleteBatch,
      exportXls: handleExport,
      importExcel: handleImport,
    },
  };
}
