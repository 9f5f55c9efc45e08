import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { body as bodySchema, businessError, Id, Int, Line, ok, params, permission, query, ROW_VERSION_BODY, SafeText, type AppContext } from '../../../../server/kit';
import { CGFORM_API, CGFORM_PERMS, DB_TYPES, SHOW_TYPES, THEME_TEMPLATES, type CgformDefinition, type CgformField, type CgformHead, type CgformIndex } from '../../cgform-api';
import {
  cgformDb,
  deleteDefinition,
  enhanceHistory,
  fieldsOf,
  headById,
  headWithVersion,
  indexesOf,
  listHeads,
  saveDefinition,
  saveEnhanceJs,
  STORE_MESSAGES,
  currentEnhanceJs,
  type EnhanceType,
} from './store';
import { SYNC_MESSAGES, synchroniseForm, syncLog, type SyncMethod } from './sync';

const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** Names are one line here; their rules (and their Chinese messages) are the service's (cgform/entity.ts). */
const HEAD = Type.Object({
  id: Type.Optional(Id),
  tableName: Line(64, 1),
  tableTxt: Line(200, 1),
  tableType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  subTableStr: Nullable(Line(1000)),
  relationType: Nullable(Flag),
  tabOrderNum: Nullable(Int(0, 10_000)),
  isTenant: Type.Optional(Flag),
  isTree: Type.Optional(literals(['Y', 'N'])),
  treeParentIdField: Nullable(Line(64)),
  treeIdField: Nullable(Line(64)),
  treeFieldname: Nullable(Line(64)),
  themeTemplate: Type.Optional(literals(THEME_TEMPLATES)),
  ...ROW_VERSION_BODY,
});
const FIELD = Type.Object({
  dbFieldName: Line(64, 1),
  dbFieldTxt: Line(200, 1),
  dbType: literals(DB_TYPES),
  dbLength: Int(0, 100_000),
  dbPointLength: Nullable(Int(0, 38)),
  dbDefaultVal: Nullable(Line(200)),
  dbIsNull: Flag,
  dbIsKey: Type.Optional(Flag),
  isShowForm: Flag,
  isShowList: Flag,
  isQuery: Flag,
  queryMode: Type.Optional(literals(['single', 'group'])),
  fieldShowType: literals(SHOW_TYPES),
  dictField: Nullable(Line(100)),
  dictTable: Nullable(Line(100)),
  dictText: Nullable(Line(100)),
  fieldValidType: Nullable(Line(300)),
  mainTable: Nullable(Line(64)),
  mainField: Nullable(Line(64)),
  orderNum: Type.Optional(Int(0, 10_000)),
});
const INDEX = Type.Object({ indexName: Line(64, 1), indexField: Line(500, 1), indexType: literals(['normal', 'unique']) });
const DEFINITION = {
  head: HEAD,
  fields: Type.Array(FIELD, { maxItems: 200 }),
  indexs: Type.Optional(Type.Array(INDEX, { maxItems: 50 })),
  deleteFieldIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  deleteIndexIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
};
const ENHANCE_TYPE = literals(['form', 'list']);

interface DefinitionBody {
  head: CgformHead;
  fields: Array<Omit<CgformField, 'orderNum'> & { orderNum?: number }>;
  indexs?: CgformIndex[];
}

/** The body as the service takes it: fields without an order keep the order they came in. */
function definitionOf(input: DefinitionBody): CgformDefinition {
  return {
    head: input.head,
    fields: input.fields.map((field, position) => ({ ...field, orderNum: field.orderNum ?? position })),
    indexs: input.indexs ?? [],
  };
}

const username = (request: FastifyRequest) => request.auth?.username ?? null;

function positive(raw: number | undefined, fallback: number, max: number): number {
  return raw !== undefined && Number.isInteger(raw) && raw > 0 ? Math.min(raw, max) : fallback;
}

/** 表单开发: definitions (JeecgBoot's paths and shapes), synchronisation with its log, the JavaScript enhancement. */
export function registerCgformRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = cgformDb(ctx.db);
  // A field's dictTable may name a table dictionary the server has registered.
  const references = { tableDictionaryExists: (code: string) => ctx.dictionaries.hasTableDictionary(code) };

  const existingHead = async (id: string) => {
    const head = await headById(db, id);
    if (head === null) throw businessError(STORE_MESSAGES.notFound);
    return head;
  };

  api.get<{ Querystring: { pageNo?: number; pageSize?: number; tableName?: string; tableTxt?: string; tableType?: 1 | 2 | 3 } }>(
    CGFORM_API.headList,
    {
      ...permission(CGFORM_PERMS.list),
      schema: {
        querystring: query({
          pageNo: Type.Optional(Int()),
          pageSize: Type.Optional(Int()),
          tableName: Type.Optional(Line(100)),
          tableTxt: Type.Optional(Line(100)),
          tableType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
        }),
      },
    },
    async (request) => {
      const { tableName, tableTxt, tableType } = request.query;
      return ok(await listHeads(db, { pageNo: positive(request.query.pageNo, 1, 1_000_000), pageSize: positive(request.query.pageSize, 10, 100), tableName, tableTxt, tableType }));
    },
  );

  api.get<{ Querystring: { id: string } }>(CGFORM_API.headQueryById, { ...permission(CGFORM_PERMS.list), schema: { querystring: query({ id: Id }) } }, async (request) => {
    return ok(await headWithVersion(db, await existingHead(request.query.id)));
  });

  api.delete<{ Querystring: { id: string; dropTable?: 'true' | 'false' } }>(
    CGFORM_API.headDelete,
    { ...permission(CGFORM_PERMS.remove), schema: { querystring: query({ id: Id, dropTable: Type.Optional(literals(['true', 'false'])) }) } },
    async (request) => {
      await deleteDefinition(db, request.query.id, request.query.dropTable === 'true');
      return ok(null, '删除成功!');
    },
  );

  api.get<{ Querystring: { headId: string } }>(CGFORM_API.fieldListByHeadId, { ...permission(CGFORM_PERMS.list), schema: { querystring: query({ headId: Id }) } }, async (request) => {
    await existingHead(request.query.headId);
    return ok(await fieldsOf(db, request.query.headId));
  });

  api.get<{ Querystring: { headId: string } }>(CGFORM_API.indexListByHeadId, { ...permission(CGFORM_PERMS.list), schema: { querystring: query({ headId: Id }) } }, async (request) => {
    await existingHead(request.query.headId);
    return ok(await indexesOf(db, request.query.headId));
  });

  api.post<{ Body: DefinitionBody }>(CGFORM_API.addAll, { ...permission(CGFORM_PERMS.add), schema: { querystring: query({}), body: bodySchema(DEFINITION) } }, async (request) => {
    const definition = definitionOf(request.body);
    const { id: _ignored, ...head } = definition.head;
    const id = await saveDefinition(db, { ...definition, head }, username(request), references);
    return ok({ id }, '添加成功！');
  });

  api.put<{ Body: DefinitionBody }>(CGFORM_API.editAll, { ...permission(CGFORM_PERMS.edit), schema: { querystring: query({}), body: bodySchema(DEFINITION) } }, async (request) => {
    const definition = definitionOf(request.body);
    if (definition.head.id === undefined) throw businessError(STORE_MESSAGES.notFound);
    const id = await saveDefinition(db, definition, username(request), references);
    return ok({ id }, '编辑成功!');
  });

  api.get<{ Params: { headId: string; synMethod: SyncMethod } }>(
    `${CGFORM_API.doDbSynch}/:headId/:synMethod`,
    { ...permission(CGFORM_PERMS.sync), schema: { querystring: query({}), params: params({ headId: Id, synMethod: literals(['normal', 'force']) }) } },
    async (request) => {
      const result = await synchroniseForm(ctx.db, request.params.headId, request.params.synMethod, username(request));
      // Refused: success false (a JeecgBoot client shows the message), the result still says what and why.
      if (result.refused.length > 0) return { ...ok(result, result.refused.join('；')), success: false, code: 500 };
      return ok(result, SYNC_MESSAGES.done);
    },
  );

  api.get<{ Querystring: { headId: string } }>(CGFORM_API.syncLog, { ...permission(CGFORM_PERMS.list), schema: { querystring: query({ headId: Id }) } }, async (request) => {
    await existingHead(request.query.headId);
    return ok(await syncLog(db, request.query.headId));
  });

  api.get<{ Querystring: { headId: string; type: EnhanceType } }>(
    CGFORM_API.enhanceJs,
    { ...permission(CGFORM_PERMS.enhance), schema: { querystring: query({ headId: Id, type: ENHANCE_TYPE }) } },
    async (request) => {
      await existingHead(request.query.headId);
      const cgJs = await currentEnhanceJs(ctx.db, request.query.headId, request.query.type);
      return ok({ headId: request.query.headId, cgJsType: request.query.type, cgJs });
    },
  );

  api.post<{ Body: { headId: string; cgJsType: EnhanceType; cgJs: string } }>(
    CGFORM_API.enhanceJs,
    { ...permission(CGFORM_PERMS.enhance), schema: { querystring: query({}), body: bodySchema({ headId: Id, cgJsType: ENHANCE_TYPE, cgJs: SafeText(100_000) }) } },
    async (request) => {
      await saveEnhanceJs(db, request.body.headId, request.body.cgJsType, request.body.cgJs, username(request));
      return ok(null, '保存成功！');
    },
  );

  api.get<{ Querystring: { headId: string; type: EnhanceType } }>(
    CGFORM_API.enhanceJsHistory,
    { ...permission(CGFORM_PERMS.enhance), schema: { querystring: query({ headId: Id, type: ENHANCE_TYPE }) } },
    async (request) => {
      await existingHead(request.query.headId);
      return ok(await enhanceHistory(db, request.query.headId, request.query.type));
    },
  );
}
