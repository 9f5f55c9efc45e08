import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { isListField, isReadableField, fieldEntries, type EntityDefinition } from '../../../../src/contracts/entity';
import { businessError, JSON_OBJECT_BODY, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, registerRuntimeEntityRoutes, tenantOf, TEXT_QUERY, type RuntimeEntities } from '../../../../server/kit';
import { CGFORM_API, type CgformDefinition, type CgformEntity, type CgformField } from '../../cgform-api';
import { cgformEntity, cgformFieldKey } from './entity';
import { dictCodeOf } from './field-semantics';
import { currentEnhanceJs, syncedForm } from './store';
import { RECORD_ID_PATTERN, RECORD_ID_SOURCE } from '../../../../src/contracts/record-id';

/** The base under which the engine serves every synchronised form (cgformDataApi). */
const DATA_BASE = '/online/cgform/data';

export const MSG_FORM_NOT_FOUND = '表单不存在或尚未同步数据库';

const HEAD_PARAMS = Type.Object({ headId: Type.String({ pattern: `^${RECORD_ID_SOURCE}$` }) });
const HEAD_AND_ID_PARAMS = Type.Object({ headId: Type.String({ pattern: `^${RECORD_ID_SOURCE}$` }), id: Type.String({ pattern: '^[A-Za-z0-9_,-]{1,2000}$' }) });
const CODE_PARAMS = Type.Object({ code: Type.String({ pattern: '^[a-z][a-z0-9_]{0,62}$' }) });

/** The code (table name) of a main or single head, or null for an unknown id or a sub table. */
async function codeOfHead(api: FastifyInstance, headId: string): Promise<string | null> {
  // Asked by the access check, before the route's schema has looked at the id.
  if (!RECORD_ID_PATTERN.test(headId)) return null;
  const found = await sql<{ table_name: string }>`select table_name from onl_cgform_head where id = ${headId} and table_type <> 3`.execute(api.db);
  return found.rows[0]?.table_name ?? null;
}

const headIdParam = (request: FastifyRequest) => (request.params as { headId: string }).headId;

/** The dictionary items of a definition's dict fields as JeecgBoot's dictOptions (`{ field: [{ value, text }] }`). */
async function dictOptionsOf(api: FastifyInstance, entity: EntityDefinition, tenantId: number): Promise<Record<string, Array<{ value: string; text: string }>>> {
  const options: Record<string, Array<{ value: string; text: string }>> = {};
  for (const [name, field] of fieldEntries(entity)) {
    if (field.dict === undefined) continue;
    const items = (await api.dictionaries.items(field.dict, tenantId)) ?? [];
    options[name] = items.map((item) => ({ value: item.value, text: item.text || item.value }));
  }
  return options;
}

const showOrder = (fields: readonly CgformField[]) => [...fields].sort((a, b) => a.orderNum - b.orderNum);

/** The JSON schema of the form (JeecgBoot's getFormItem): a property per form field with its control. */
function formSchemaOf(main: CgformDefinition) {
  const properties: Record<string, { title: string; view: string; type: string; order: number; dictCode?: string }> = {};
  const required: string[] = [];
  for (const field of showOrder(main.fields)) {
    if (field.isShowForm !== 1 || field.mainTable) continue;
    const numeric = field.dbType === 'int' || field.dbType === 'double' || field.dbType === 'BigDecimal';
    const dictCode = dictCodeOf(field);
    properties[cgformFieldKey(field.dbFieldName)] = {
      title: field.dbFieldTxt,
      view: field.fieldShowType,
      type: numeric ? (field.dbType === 'int' ? 'integer' : 'number') : 'string',
      order: field.orderNum,
      ...(dictCode !== undefined ? { dictCode } : {}),
    };
    if (field.dbIsNull === 0) required.push(cgformFieldKey(field.dbFieldName));
  }
  return { type: 'object', required, properties };
}

/**
 * The data side of the form builder: the CRUD engine serves each synchronised form under
 * `/online/cgform/data/<code>/…` like any plugin entity (server/crud/runtime-entity-routes.ts), the toolkit reads the
 * definition from `entity/<code>`, and JeecgBoot's calls by head id (getColumns, getFormItem, getQueryInfo, getData,
 * form) answer from the same engine, each guarded by the form's own permission `online:<code>:<action>`.
 */
export async function registerCgformDataRoutes(api: FastifyInstance): Promise<RuntimeEntities> {
  const runtime = await registerRuntimeEntityRoutes(api, DATA_BASE, {
    notFoundMessage: MSG_FORM_NOT_FOUND,
    resolve: async (code) => {
      const form = await syncedForm(api.db, code);
      return form === null ? null : { definition: cgformEntity(form.main, form.subs), version: form.version };
    },
  });

  /** The engine's handlers of a synchronised form (resolved once per request: the access check asked first). */
  const handlersFor = async (request: FastifyRequest, code: string | null) => {
    const handlers = code === null ? null : await runtime.handlersOf(code, request);
    if (handlers === null) throw businessError(MSG_FORM_NOT_FOUND);
    return handlers;
  };
  /** The same, with the form's definition (title, fields, head id) for the metadata calls. */
  const formOf = async (request: FastifyRequest, code: string | null) => {
    const handlers = await handlersFor(request, code);
    const form = code === null ? null : await syncedForm(api.db, code);
    if (form === null) throw businessError(MSG_FORM_NOT_FOUND);
    return { form, handlers };
  };
  const byHead = (request: FastifyRequest) => codeOfHead(api, headIdParam(request));
  const byCode = async (request: FastifyRequest) => (request.params as { code: string }).code;

  api.get(`${CGFORM_API.entity}/:code`, { config: { access: runtime.access('list', byCode) }, schema: { params: CODE_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const { form, handlers } = await formOf(request, await byCode(request));
    const answer: CgformEntity = {
      headId: form.headId,
      code: form.main.head.tableName,
      title: form.main.head.tableTxt,
      tableType: form.main.head.tableType,
      themeTemplate: form.main.head.themeTemplate ?? 'normal',
      definition: handlers.entity,
      enhanceJs: await currentEnhanceJs(api.db, form.headId, 'form'),
      enhanceListJs: await currentEnhanceJs(api.db, form.headId, 'list'),
    };
    return ok(answer);
  });

  api.get(`${CGFORM_API.getColumns}/:headId`, { config: { access: runtime.access('list', byHead) }, schema: { params: HEAD_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const { form, handlers } = await formOf(request, await byHead(request));
    const entity = handlers.entity;
    const columns = fieldEntries(entity)
      .filter(([, field]) => isListField(field) && isReadableField(field))
      .map(([name, field]) => ({ title: field.label, dataIndex: name, align: 'center', sorter: field.sortable === true }));
    return ok({
      code: form.main.head.tableName,
      description: form.main.head.tableTxt,
      currentTableName: form.main.head.tableName,
      tableType: form.main.head.tableType,
      columns,
      dictOptions: await dictOptionsOf(api, entity, tenantOf(request)),
      paginationFlag: 'Y',
      checkboxFlag: 'Y',
      isDesForm: 'N',
      hideColumns: [],
    });
  });

  api.get(`${CGFORM_API.getFormItem}/:headId`, { config: { access: runtime.access('list', byHead) }, schema: { params: HEAD_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const { form } = await formOf(request, await byHead(request));
    const { id, tableName, tableTxt, tableType } = form.main.head;
    return ok({
      head: { id, tableName, tableTxt, tableType },
      schema: formSchemaOf(form.main),
      subTables: form.subs.map((sub) => ({ tableName: sub.head.tableName, tableTxt: sub.head.tableTxt, schema: formSchemaOf(sub) })),
      enhanceJs: await currentEnhanceJs(api.db, form.headId, 'form'),
    });
  });

  api.get(`${CGFORM_API.getQueryInfo}/:headId`, { config: { access: runtime.access('list', byHead) }, schema: { params: HEAD_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const { form } = await formOf(request, await byHead(request));
    return ok(
      showOrder(form.main.fields)
        .filter((field) => field.isQuery === 1)
        .map((field) => ({ field: cgformFieldKey(field.dbFieldName), label: field.dbFieldTxt, view: field.fieldShowType, mode: field.queryMode ?? 'single', dictCode: dictCodeOf(field) ?? null })),
    );
  });

  api.get(`${CGFORM_API.getData}/:headId`, { config: { access: runtime.access('list', byHead) }, schema: { params: HEAD_PARAMS, ...TEXT_QUERY } }, async (request, reply) => {
    const handlers = await handlersFor(request, await byHead(request));
    handlers.validate('list', request);
    return handlers.handle.list(request, reply);
  });

  api.post(`${CGFORM_API.form}/:headId`, { config: { access: runtime.access('add', byHead) }, schema: { params: HEAD_PARAMS, ...JSON_OBJECT_BODY } }, async (request, reply) => {
    const handlers = await handlersFor(request, await byHead(request));
    handlers.validate('add', request);
    return handlers.handle.add(request, reply);
  });

  api.put(`${CGFORM_API.form}/:headId`, { config: { access: runtime.access('edit', byHead) }, schema: { params: HEAD_PARAMS, ...JSON_OBJECT_BODY } }, async (request, reply) => {
    const handlers = await handlersFor(request, await byHead(request));
    handlers.validate('edit', request);
    return handlers.handle.edit(request, reply);
  });

  api.get(`${CGFORM_API.form}/:headId/:id`, { config: { access: runtime.access('list', byHead) }, schema: { params: HEAD_AND_ID_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const handlers = await handlersFor(request, await byHead(request));
    const record = await handlers.store.findById(request, (request.params as { id: string }).id);
    if (record === null) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(record);
  });

  // JeecgBoot deletes one record or several (ids joined by commas) by path.
  api.delete(`${CGFORM_API.form}/:headId/:id`, { config: { access: runtime.access('delete', byHead) }, schema: { params: HEAD_AND_ID_PARAMS, ...TEXT_QUERY } }, async (request) => {
    const handlers = await handlersFor(request, await byHead(request));
    const ids = (request.params as { id: string }).id.split(',').map((id) => id.trim());
    if ((await handlers.store.remove(request, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  return runtime;
}
