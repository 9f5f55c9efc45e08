import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { JOB_STATUS_NORMAL, newId, schedulerDb, type AppContext, type Database } from '../../../server/kit';
import type { MemberSummary } from '../../../server/contracts/members';
import { BROKERAGE_STATUS, LEVEL_STATUS } from '../entities';
import {
  applyForDistribution,
  applyWithdraw,
  approveRecruit,
  approveWithdraw,
  createDistributor,
  payWithdraw,
  failWithdrawPayment,
  recordOrderCommission,
  rejectRecruit,
  rejectWithdraw,
  settleCommissionRecord,
  type Actor,
} from './distribution-service';
import { settleCommission } from './jobs';
import { freezeDays } from './settings';

const SEEDER = 'admin';

/** Three levels in every tenant, the first the default a new distributor starts at; the settlement job (hourly). */
export async function seedDistribution(db: Kysely<Database>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('id').execute();
  for (const tenantId of [0, ...tenants.map((tenant) => tenant.id).filter((id) => id !== 0)]) {
    const levels = [
      sql`(${newId()}, '普通分销商', 1, 10, 5, 0, 0, 0, true, ${LEVEL_STATUS.enabled}, ${SEEDER}, now(), ${tenantId})`,
      sql`(${newId()}, '高级分销商', 2, 15, 8, 10, 1000, 20, false, ${LEVEL_STATUS.enabled}, ${SEEDER}, now(), ${tenantId})`,
      sql`(${newId()}, '金牌分销商', 3, 20, 10, 50, 5000, 100, false, ${LEVEL_STATUS.enabled}, ${SEEDER}, now(), ${tenantId})`,
    ];
    await sql`insert into drp_level (id, name, grade, first_percent, second_percent, invite_count, self_spend, team_orders, is_default, status, create_by, create_time, tenant_id)
      values ${sql.join(levels)}`.execute(db);
  }
  await schedulerDb(db)
    .insertInto('sys_quartz_job')
    .values([{ id: newId(), job_class_name: settleCommission.name, cron_expression: '0 5 * * * ?', description: settleCommission.title, status: JOB_STATUS_NORMAL, create_by: SEEDER }])
    .onConflict((conflict) => conflict.column('job_class_name').doNothing())
    .execute();
}

const TENANT = 1;
const SHOP: Actor = { tenantId: TENANT, operator: SEEDER };

/** Commission of a buyer's paid demo orders, dated at payment; those past the freeze are settled, on the day the freeze ended (not today). */
async function replayCommission(trx: Transaction<Database>, ctx: AppContext, buyerId: string): Promise<void> {
  const services = { members: ctx.services.get('members'), stock: ctx.services.get('stock') };
  for (const { event, payTime } of await ctx.services.get('orderHooks').paidOrders(trx, TENANT, buyerId, SEEDER)) {
    await recordOrderCommission(trx, services, event);
    const unfreeze = new Date(payTime.getTime() + freezeDays() * 86_400_000);
    await sql`update drp_brokerage_record set create_time = ${payTime}::timestamptz, unfreeze_time = ${unfreeze}::timestamptz
      where tenant_id = ${TENANT} and biz_id = ${event.orderId}`.execute(trx);
    if (unfreeze.getTime() > Date.now()) continue;
    const due = await sql<{ id: string }>`select id from drp_brokerage_record where tenant_id = ${TENANT} and biz_id = ${event.orderId} and status = ${BROKERAGE_STATUS.pending}`.execute(trx);
    for (const record of due.rows) {
      if (!(await settleCommissionRecord(trx, TENANT, record.id, SEEDER))) continue;
      await sql`update drp_brokerage_record set settle_time = ${unfreeze}::timestamptz, update_time = ${unfreeze}::timestamptz where id = ${record.id}`.execute(trx);
    }
  }
}

async function available(trx: Transaction<Database>, distributorId: string): Promise<Decimal> {
  const found = await sql<{ brokerage_price: string }>`select brokerage_price::text from drp_distributor where id = ${distributorId}`.execute(trx);
  return new Decimal(found.rows[0]?.brokerage_price ?? 0);
}

/**
 * The demo tree of the admin's shop (tenant 1), made through the distribution services: a top
 * distributor A, B under A, C under A through an approved application; buyers invited by A and B whose
 * paid demo orders earn commission at both levels (older ones settled); applications 申请中 and 已拒绝;
 * withdrawals 审核中, 审核通过, 提现成功, 审核不通过 and 提现失败 with their ledger rows.
 */
export async function seedDemoDistribution(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  const tenant = await sql<{ id: number }>`select id from tenants where id = ${TENANT}`.execute(trx);
  if (tenant.rows.length === 0) return;
  const members = ctx.services.get('members');
  const buyerIds = await ctx.services.get('orderHooks').topBuyers(trx, TENANT, 6);
  // Five members who bought nothing: the tree's distributors and applicants.
  const others: MemberSummary[] = [];
  for (const id of await members.enabledMembers(trx, TENANT, buyerIds.length + 5)) {
    const member = buyerIds.includes(id) ? undefined : await members.summary(trx, TENANT, id);
    if (member !== undefined && others.length < 5) others.push(member);
  }
  const [a, b, c, d, e] = others;
  if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined) return;

  const distributorA = await createDistributor(trx, members, SHOP, a.id);
  await members.bindReferrer(trx, TENANT, b.id, a.id);
  const distributorB = await createDistributor(trx, members, SHOP, b.id);
  for (const [index, buyerId] of buyerIds.entries()) await members.bindReferrer(trx, TENANT, buyerId, index % 2 === 0 ? b.id : a.id);
  for (const buyerId of buyerIds) await replayCommission(trx, ctx, buyerId);

  // Applications in each state: C approved (its upline A), D waiting, E refused.
  await members.bindReferrer(trx, TENANT, c.id, a.id);
  const apply = (member: MemberSummary) => applyForDistribution(trx, members, TENANT, member.id, { name: member.name === '' ? '分销申请人' : member.name, mobile: member.mobile ?? '13800000000' });
  await approveRecruit(trx, members, SHOP, await apply(c));
  await apply(d);
  await rejectRecruit(trx, SHOP, await apply(e), '资料不完整，请补充后重新申请');

  // Withdrawals in each state from whichever of A and B earned most.
  const richer = (await available(trx, distributorA)).greaterThanOrEqualTo(await available(trx, distributorB)) ? a.id : b.id;
  const richerDistributor = richer === a.id ? distributorA : distributorB;
  const slice = (await available(trx, richerDistributor)).dividedBy(6).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (slice.lessThan(1)) return;
  const withdraw = (type: string, account: string) => applyWithdraw(trx, TENANT, richer, { price: slice, type, name: '分销商本人', account });
  await withdraw('2', '6222 0000 0000 1234');
  await approveWithdraw(trx, SHOP, (await withdraw('4', 'alipay@example.com')).id);
  const paid = (await withdraw('3', 'wx-demo-account')).id;
  await approveWithdraw(trx, SHOP, paid);
  await payWithdraw(trx, SHOP, paid);
  await rejectWithdraw(trx, SHOP, (await withdraw('2', '6222 0000 0000 5678')).id, '收款账户信息有误');
  const bounced = (await withdraw('2', '6222 0000 0000 9012')).id;
  await approveWithdraw(trx, SHOP, bounced);
  await failWithdrawPayment(trx, SHOP, bounced, '收款银行退回：户名与账号不符');
}
