import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type, type TSchema } from 'typebox';
import { body as bodySchema, businessError, findHead, formatShopTime, Id, Int, isForbiddenReportTable, itemsOf, Line, loadExcel, ok, params, permission, query, REPORT_LIMITS, ROW_VERSION_BODY, runReport, SafeText, tenantOf, type AppContext, type PopupReportTables } from '../../../../server/kit';
import { CGREPORT_API, CGREPORT_PERMS } from '../../cgreport-api';
import { addReport, allowTable, CGREPORT_MESSAGES, describeReportSql, editReport, FIELD_TYPES, reportById, type CgreportDb, type CgreportTables, type ReportInput } from './service';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Identifier = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

const ITEM = Type.Object({
  fieldName: Identifier,
  fieldTxt: Line(200, 1),
  fieldType: Type.Union(FIELD_TYPES.map((type) => Type.Literal(type))),
  fieldWidth: Nullable(Int(20, 2000)),
  isShow: Flag,
  isOrder: Flag,
  isSearch: Flag,
  searchMode: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('range')])),
  dictCode: Nullable(Type.String({ pattern: '^([A-Za-z][A-Za-z0-9_]{0,63})?$' })),
  orderNum: Type.Optional(Int(0, 10_000)),
  isTotal: Flag,
  fieldHref: Nullable(Line(500)),
});
const PARAM = Type.Object({ paramName: Identifier, paramTxt: Line(200, 1), paramValue: Nullable(Line(500)) });
const CHART = Type.Object({ type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]), x: Identifier, y: Identifier });
const DEFINITION = {
  code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }),
  name: Line(100, 1),
  cgrSql: SafeText(20_000, 1),
  items: Type.Array(ITEM, { maxItems: 200 }),
  params: Type.Optional(Type.Array(PARAM, { maxItems: 50 })),
  chart: Nullable(CHART),
};

function idOf(request: FastifyRequest<{ Querystring: { id?: string } }>): string {
  const id = request.query.id;
  if (typeof id !== 'string' || !RECORD_ID_PATTERN.test(id)) throw businessError(CGREPORT_MESSAGES.notFound);
  return id;
}

function positive(raw: unknown, fallback: number, max: number): number {
  const value = typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

function attachmentName(name: string): string {
  return `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`;
}

/** 报表配置: the definitions API, 解析SQL, the allow-list of report tables, and the report's Excel export. */
export function registerCgreportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db: CgreportDb = ctx.db.withTables<CgreportTables>();
  const reportDb = ctx.db.withTables<PopupReportTables>();

  api.get<{ Querystring: { pageNo?: string; pageSize?: string; code?: string; name?: string } }>(
    CGREPORT_API.list,
    { ...permission(CGREPORT_PERMS.list), schema: { querystring: query({ code: Type.Optional(Line(100)), name: Type.Optional(Line(100)) }) } },
    async (request) => {
      const pageNo = positive(request.query.pageNo, 1, 1_000_000);
      const pageSize = positive(request.query.pageSize, 10, 100);
      let base = db.selectFrom('onl_cgreport_head');
      const escape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (request.query.code) base = base.where('code', 'ilike', escape(request.query.code.trim()));
      if (request.query.name) base = base.where('name', 'ilike', escape(request.query.name.trim()));
      const total = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
      const rows = await base
        .select(['id', 'code', 'name', 'cgr_sql', 'chart_type', 'create_time', 'update_time'])
        .orderBy('create_time', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return ok({
        records: rows.map((row) => ({ id: row.id, code: row.code, name: row.name, cgrSql: row.cgr_sql, chartType: row.chart_type, createTime: row.create_time, updateTime: row.update_time })),
        total: Number(total?.total ?? 0),
        current: pageNo,
        size: pageSize,
      });
    },
  );

  api.get<{ Querystring: { id?: string } }>(CGREPORT_API.queryById, { ...permission(CGREPORT_PERMS.list), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const report = await reportById(db, idOf(request));
    if (report === null) throw businessError(CGREPORT_MESSAGES.notFound);
    return ok(report);
  });

  api.post<{ Body: ReportInput }>(CGREPORT_API.add, { ...permission(CGREPORT_PERMS.add), schema: { querystring: query({}), body: bodySchema(DEFINITION) } }, async (request) => {
    const id = await addReport(db, request.body, tenantOf(request), request.log);
    return ok({ id }, '添加成功！');
  });

  api.put<{ Body: ReportInput & { id: string } }>(CGREPORT_API.edit, { ...permission(CGREPORT_PERMS.edit), schema: { querystring: query({}), body: bodySchema({ id: Id, ...DEFINITION, ...ROW_VERSION_BODY }) } }, async (request) => {
    await editReport(db, request.body.id, request.body, tenantOf(request), request.log);
    return ok(null, '编辑成功!');
  });

  api.delete<{ Querystring: { id?: string } }>(CGREPORT_API.remove, { ...permission(CGREPORT_PERMS.remove), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const removed = await db.deleteFrom('onl_cgreport_head').where('id', '=', idOf(request)).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw businessError(CGREPORT_MESSAGES.notFound);
    return ok(null, '删除成功!');
  });

  api.post<{ Body: { cgrSql: string } }>(CGREPORT_API.parseSql, { ...permission(CGREPORT_PERMS.run), schema: { querystring: query({}), body: bodySchema({ cgrSql: SafeText(20_000, 1) }) } }, async (request) => {
    return ok(await describeReportSql(db, request.body.cgrSql, tenantOf(request), request.log));
  });

  // The same figures as getData (same guard, parameters, search items, sort, tenant), up to the export cap.
  api.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${CGREPORT_API.exportXls}/:id`,
    { ...permission(CGREPORT_PERMS.run), schema: { params: params({ id: Line(64) }), querystring: query({}) } },
    async (request, reply) => {
      const head = await findHead(reportDb, 'id', request.params.id);
      if (head === undefined) throw businessError(CGREPORT_MESSAGES.notFound);
      const items = (await itemsOf(reportDb, head.id)).filter((item) => item.is_show === 1);
      const page = await runReport(reportDb, head, request.query, tenantOf(request), { limit: REPORT_LIMITS.exportRows, offset: 0 }, request.log);
      const dictionaries = new Map<string, { value: string; text: string }[]>();
      for (const item of items) {
        if (item.dict_code) dictionaries.set(item.field_name, (await ctx.dictionaries.items(item.dict_code, tenantOf(request))) ?? []);
      }
      const workbook = new (await loadExcel()).Workbook();
      workbook.creator = request.auth?.username ?? '';
      const sheet = workbook.addWorksheet(head.name.slice(0, 31) || 'Sheet1');
      sheet.addRow([head.name]);
      sheet.mergeCells(1, 1, 1, Math.max(items.length, 1));
      sheet.getRow(1).font = { bold: true, size: 14 };
      sheet.addRow(items.map((item) => item.field_txt));
      sheet.getRow(2).font = { bold: true };
      const cell = (item: (typeof items)[number], value: unknown): string | number | null => {
        if (value === null || value === undefined) return null;
        const options = dictionaries.get(item.field_name);
        if (options !== undefined) return options.find((option) => option.value === String(value))?.text ?? String(value);
        if (typeof value === 'number') return value;
        if (value instanceof Date) return formatShopTime(value);
        return String(value);
      };
      for (const record of page.records) sheet.addRow(items.map((item) => cell(item, record[item.field_name])));
      if (items.some((item) => item.is_total === 1)) {
        const sumRow = sheet.addRow(items.map((item, index) => (item.is_total === 1 ? (page.totals[item.field_name] ?? null) : index === 0 ? '合计' : null)));
        sumRow.font = { bold: true };
      }
      items.forEach((item, index) => {
        sheet.getColumn(index + 1).width = Math.min(Math.max(item.field_txt.length * 2 + 4, 12), 40);
      });
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentName(head.name))
        .send(buffer);
    },
  );

  api.get(CGREPORT_API.tableList, { ...permission(CGREPORT_PERMS.list), schema: { querystring: query({}) } }, async () => {
    const rows = await db.selectFrom('onl_cgreport_table').selectAll().orderBy('table_name').execute();
    const candidates = await sql<{ table_name: string }>`select table_name::text as table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(db);
    const listed = new Set(rows.map((row) => row.table_name));
    return ok({
      records: rows.map((row) => ({ id: row.id, tableName: row.table_name, remark: row.remark })),
      candidates: candidates.rows.map((row) => row.table_name).filter((name) => !listed.has(name) && !isForbiddenReportTable(name)),
    });
  });

  api.post<{ Body: { tableName: string; remark?: string | null } }>(
    CGREPORT_API.tableAdd,
    { ...permission(CGREPORT_PERMS.tables), schema: { querystring: query({}), body: bodySchema({ tableName: Identifier, remark: Nullable(Line(200)) }) } },
    async (request) => {
      const id = await allowTable(db, request.body.tableName, request.body.remark ?? null, isForbiddenReportTable);
      return ok({ id }, '添加成功！');
    },
  );

  api.delete<{ Querystring: { id?: string } }>(CGREPORT_API.tableDelete, { ...permission(CGREPORT_PERMS.tables), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const removed = await db.deleteFrom('onl_cgreport_table').where('id', '=', idOf(request)).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw businessError('数据表不在允许列表中');
    return ok(null, '删除成功!');
  });
}
