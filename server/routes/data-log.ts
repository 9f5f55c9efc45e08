import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { businessError, forbidden, ok } from '../http/envelope';
import { Id, Line, query } from '../http/schemas';
import { findDataLogTable } from '../crud/registry';
import { hasPermission } from '../services/users';
import { nameLoggedVersions } from '../logs/data-log-names';
import { DATA_LOG_HISTORY_PATH, type DataLogAction, type DataLogVersion, type FieldChange } from '../../src/contracts/data-log';

export const MSG_NO_HISTORY_TABLE = '该数据没有修改记录';
/** The newest versions of one record a history shows. */
const MAX_VERSIONS = 100;

/**
 * A record's history (修改记录) for the edit dialogs and detail pages (the client's audit-log provider): readable by
 * whoever may read the entity's list, for the tables the CRUD engine serves only, within the caller's tenant.
 */
export function registerDataLogRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get<{ Querystring: { dataTable: string; dataId: string } }>(
    DATA_LOG_HISTORY_PATH,
    { config: { access: 'authenticated' }, schema: { querystring: query({ dataTable: Line(64, 1), dataId: Id }) } },
    async (request) => {
      const target = findDataLogTable(api, request.query.dataTable);
      if (target === undefined) throw businessError(MSG_NO_HISTORY_TABLE);
      const userId = request.auth?.userId;
      if (userId === undefined || !(await hasPermission(ctx.db, userId, target.permission))) throw forbidden();
      // What was just written is queued: write it first, so the history shows the change the user just made.
      await ctx.logWriter.flush();
      const tenantId = target.tenantScoped ? (request.tenantId ?? 0) : 0;
      const rows = await sql<{ id: string; data_version: number; action: DataLogAction; create_by: string | null; create_time: string; data_changes: FieldChange[]; data_content: Record<string, unknown> }>`
        select id, data_version, action, create_by, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') as create_time, data_changes, data_content
        from sys_data_log
        where data_table = ${target.table} and data_id = ${request.query.dataId} and tenant_id = ${tenantId}
        order by data_version desc limit ${MAX_VERSIONS}`.execute(ctx.db);
      // Codes and ids read as the lists show them (状态 启用, a member by name), in the tenant whose history it is.
      const named = await nameLoggedVersions(api, target.entity, request.tenantId ?? 0, rows.rows.map((row) => ({ changes: row.data_changes, content: row.data_content })));
      return ok(
        rows.rows.map<DataLogVersion>((row, index) => ({
          id: row.id,
          dataVersion: row.data_version,
          action: row.action,
          createBy: row.create_by,
          createTime: row.create_time,
          changes: named[index]?.changes ?? row.data_changes,
          content: row.data_content,
          contentText: named[index]?.contentText ?? {},
        })),
      );
    },
  );
}
