import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { body, businessError, Id, Int, inTransaction, Line, ok, PAGE_PARAMS, permission, query, Reason, registerEntityRoutes, tenantOf, type AppContext } from '../../../server/kit';
import { DRP_LEVEL_DICT, drpBrokerageRecordEntity, drpDistributorEntity, drpLevelEntity, drpRecruitEntity, drpWithdrawEntity, LEVEL_STATUS, PERFORMANCE_API } from '../entities';
import {
  approveRecruit,
  approveWithdraw,
  payWithdraw,
  failWithdrawPayment,
  repayWithdraw,
  rejectRecruit,
  rejectWithdraw,
  updateDistributorEnabled,
  updateDistributorLevel,
  updateDistributorParent,
  type Actor,
} from './distribution-service';
import { distributionLabels } from './labels';
import { DRP_PERMS } from './menus';
import { MONTH_PATTERN, monthlyPerformance } from './performance';

/** The back-office's 分销管理: the entity lists, and each button a guarded action. */

export const MSG_LEVEL_IN_USE = '该等级下还有分销商，不能删除';
export const MSG_DEFAULT_LEVEL_DELETE = '默认等级不能删除';
export const MSG_DEFAULT_LEVEL_DISABLE = '默认等级不能停用';
export const MSG_BAD_MONTH = '月份格式应为 YYYY-MM';

const actorOf = (request: FastifyRequest): Actor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });
const READ_ONLY = ['queryById', 'exportXls'] as const;

export async function registerDistributionAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const labels = distributionLabels;
  const members = () => ctx.services.get('members');

  api.dictionaries.registerTableDictionary(
    DRP_LEVEL_DICT,
    (reader, tenantId) =>
      reader
        .withTables<{ drp_level: { id: string; name: string; grade: number; tenant_id: number } }>()
        .selectFrom('drp_level')
        .select(['id as value', 'name as text'])
        .where('tenant_id', '=', tenantId)
        .orderBy('grade')
        .execute(),
    { tables: ['drp_level'], tenantScoped: true },
  );

  // ---- levels: CRUD; the default level is neither deleted nor disabled, a level in use is not deleted.
  await registerEntityRoutes(api, drpLevelEntity, {
    labels,
    actions: ['list', 'queryById', 'add', 'edit', 'exportXls'],
    beforeWrite: async (values, context) => {
      if (context.mode === 'edit' && context.id !== undefined && values.status === LEVEL_STATUS.disabled) {
        const found = await sql<{ is_default: boolean }>`select is_default from drp_level where id = ${context.id} and tenant_id = ${tenantOf(context.request)}`.execute(db);
        if (found.rows[0]?.is_default === true) throw businessError(MSG_DEFAULT_LEVEL_DISABLE);
      }
      return values;
    },
  });
  api.delete<{ Querystring: { id: string } }>(`${drpLevelEntity.api}/delete`, { ...permission(DRP_PERMS.levelDelete), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const tenantId = tenantOf(request);
    const id = request.query.id;
    await inTransaction(db, async (trx) => {
      const level = await sql<{ is_default: boolean }>`select is_default from drp_level where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
      const row = level.rows[0];
      if (row === undefined) throw businessError('分销等级不存在');
      if (row.is_default) throw businessError(MSG_DEFAULT_LEVEL_DELETE);
      const used = await sql<{ id: string }>`select id from drp_distributor where tenant_id = ${tenantId} and level_id = ${id} limit 1`.execute(trx);
      if (used.rows.length > 0) throw businessError(MSG_LEVEL_IN_USE);
      await sql`delete from drp_level where id = ${id} and tenant_id = ${tenantId}`.execute(trx);
    });
    return ok(true, '删除成功!');
  });

  // ---- distributors: the list carries 推广人数 (members each one invited).
  const distributors = await registerEntityRoutes(api, drpDistributorEntity, { labels, actions: READ_ONLY });
  api.get(`${drpDistributorEntity.api}/list`, { ...permission(DRP_PERMS.distributorList), schema: { querystring: query(PAGE_PARAMS) } }, async (request) => {
    const page = await distributors.list(request, request.query as Record<string, unknown>);
    const memberIds = page.records.map((record) => String(record.memberId ?? ''));
    const counts = await members().referralCounts(db, tenantOf(request), memberIds);
    return ok({ ...page, records: page.records.map((record) => ({ ...record, inviteCount: counts.get(String(record.memberId ?? '')) ?? 0 })) });
  });
  api.post<{ Body: { id: string; levelId: string } }>(
    `${drpDistributorEntity.api}/updateLevel`,
    { ...permission(DRP_PERMS.distributorLevel), schema: { querystring: query({}), body: body({ id: Id, levelId: Id }) } },
    async (request) => {
      await inTransaction(db, (trx) => updateDistributorLevel(trx, actorOf(request), request.body.id, request.body.levelId));
      return ok(true, '等级已修改');
    },
  );
  api.post<{ Body: { id: string; parentId?: string | null } }>(
    `${drpDistributorEntity.api}/updateParent`,
    { ...permission(DRP_PERMS.distributorParent), schema: { querystring: query({}), body: body({ id: Id, parentId: Type.Optional(Type.Union([Id, Type.Null()])) }) } },
    async (request) => {
      const parentId = request.body.parentId ?? null;
      await inTransaction(db, (trx) => updateDistributorParent(trx, ctx.services.get('members'), actorOf(request), request.body.id, parentId));
      return ok(true, parentId === null ? '已清除上级' : '上级已修改');
    },
  );
  // 推广人: the members the distributor's member referred (level 1) or they referred (level 2).
  api.get<{ Querystring: { id: string; level: '1' | '2'; pageNo?: number; pageSize?: number } }>(
    `${drpDistributorEntity.api}/referrals`,
    {
      ...permission(DRP_PERMS.distributorList),
      schema: { querystring: query({ id: Id, level: Type.Union([Type.Literal('1'), Type.Literal('2')]), pageNo: Type.Optional(Int(1, 100_000)), pageSize: Type.Optional(Int(1, 100)) }) },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      const found = await sql<{ member_id: string }>`select member_id from drp_distributor where id = ${request.query.id} and tenant_id = ${tenantId}`.execute(db);
      const memberId = found.rows[0]?.member_id;
      if (memberId === undefined) throw businessError('分销商不存在');
      const pageNo = request.query.pageNo ?? 1;
      const pageSize = request.query.pageSize ?? 10;
      const page = await ctx.services.get('members').referrals(db, tenantId, memberId, request.query.level === '2' ? 2 : 1, { pageNo, pageSize });
      return ok({ records: page.records, total: page.total, size: pageSize, current: pageNo, pages: Math.ceil(page.total / pageSize) });
    },
  );
  api.post<{ Body: { id: string; enabled: boolean } }>(
    `${drpDistributorEntity.api}/updateEnabled`,
    { ...permission(DRP_PERMS.distributorEnabled), schema: { querystring: query({}), body: body({ id: Id, enabled: Type.Boolean() }) } },
    async (request) => {
      await inTransaction(db, (trx) => updateDistributorEnabled(trx, actorOf(request), request.body.id, request.body.enabled));
      return ok(true, request.body.enabled ? '已恢复分销资格' : '已取消分销资格');
    },
  );

  // ---- commission ledger: read-only.
  await registerEntityRoutes(api, drpBrokerageRecordEntity, { labels, actions: ['list', 'exportXls'] });

  // ---- applications.
  await registerEntityRoutes(api, drpRecruitEntity, { labels, actions: ['list', ...READ_ONLY] });
  api.post<{ Body: { id: string } }>(`${drpRecruitEntity.api}/approve`, { ...permission(DRP_PERMS.recruitApprove), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    const distributorId = await inTransaction(db, (trx) => approveRecruit(trx, members(), actorOf(request), request.body.id));
    return ok({ distributorId }, '已同意，分销商已创建');
  });
  api.post<{ Body: { id: string; reason: string } }>(
    `${drpRecruitEntity.api}/reject`,
    { ...permission(DRP_PERMS.recruitReject), schema: { querystring: query({}), body: body({ id: Id, reason: Reason(200) }) } },
    async (request) => {
      await inTransaction(db, (trx) => rejectRecruit(trx, actorOf(request), request.body.id, request.body.reason.trim()));
      return ok(true, '已拒绝');
    },
  );

  // ---- withdrawals.
  await registerEntityRoutes(api, drpWithdrawEntity, { labels, actions: ['list', ...READ_ONLY] });
  api.post<{ Body: { id: string } }>(`${drpWithdrawEntity.api}/approve`, { ...permission(DRP_PERMS.withdrawApprove), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    await inTransaction(db, (trx) => approveWithdraw(trx, actorOf(request), request.body.id));
    return ok(true, '审核通过');
  });
  api.post<{ Body: { id: string; reason: string } }>(
    `${drpWithdrawEntity.api}/reject`,
    { ...permission(DRP_PERMS.withdrawReject), schema: { querystring: query({}), body: body({ id: Id, reason: Reason(200) }) } },
    async (request) => {
      await inTransaction(db, (trx) => rejectWithdraw(trx, actorOf(request), request.body.id, request.body.reason.trim()));
      return ok(true, '已驳回，金额已退回可提现佣金');
    },
  );
  api.post<{ Body: { id: string } }>(`${drpWithdrawEntity.api}/pay`, { ...permission(DRP_PERMS.withdrawPay), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    await inTransaction(db, (trx) => payWithdraw(trx, actorOf(request), request.body.id));
    return ok(true, '打款成功');
  });
  api.post<{ Body: { id: string; reason: string } }>(
    `${drpWithdrawEntity.api}/payFail`,
    { ...permission(DRP_PERMS.withdrawPay), schema: { querystring: query({}), body: body({ id: Id, reason: Reason(200) }) } },
    async (request) => {
      await inTransaction(db, (trx) => failWithdrawPayment(trx, actorOf(request), request.body.id, request.body.reason.trim()));
      return ok(true, '已记录打款失败');
    },
  );
  api.post<{ Body: { id: string } }>(`${drpWithdrawEntity.api}/repay`, { ...permission(DRP_PERMS.withdrawPay), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    await inTransaction(db, (trx) => repayWithdraw(trx, actorOf(request), request.body.id));
    return ok(true, '已退回审核中，请重新审核并打款');
  });

  // ---- 业绩.
  api.get<{ Querystring: { month: string; keyword?: string } }>(
    PERFORMANCE_API,
    { ...permission(DRP_PERMS.performanceList), schema: { querystring: query({ month: Line(7), keyword: Type.Optional(Line(50)) }) } },
    async (request) => {
      const month = request.query.month.trim();
      if (!MONTH_PATTERN.test(month)) throw businessError(MSG_BAD_MONTH);
      const records = await monthlyPerformance(db, members(), tenantOf(request), month, request.query.keyword?.trim() ?? '');
      return ok({ records, total: records.length });
    },
  );
}
