import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MemberService, MemberSummary } from '../../../server/contracts/members';
import type { OrderPaidEvent, OrderRefundedEvent } from '../../../server/contracts/order-hooks';
import type { StockService } from '../../../server/contracts/stock';
import { businessError, inTransaction, newId, transitionInTransaction, type Database } from '../../../server/kit';
import { BROKERAGE_BIZ, BROKERAGE_STATUS, LEVEL_STATUS, RECRUIT_STATUS, WITHDRAW_STATUS, WITHDRAW_TYPES } from '../entities';
import { lockDistributor, postBrokerage } from './brokerage-ledger';
import { upgradeDistributors } from './level-upgrade';
import { recruitMachine, withdrawMachine } from './machines';
import { freezeDays, minWithdraw, withdrawFeePercent } from './settings';

/**
 * Distribution (docs/reference/business-domains.md §5): recruitment, commission on paid orders (frozen, settled by a job,
 * cancelled by refunds) and withdrawals. Every function runs inside the caller's transaction.
 */

export interface Actor {
  tenantId: number;
  operator: string | null;
}

export const MSG_ALREADY_DISTRIBUTOR = '您已是分销商，无需再次申请';
export const MSG_OPEN_APPLICATION = '您已有申请中的分销申请，请等待审核';
export const MSG_MEMBER_UNKNOWN = '会员不存在';
export const MSG_NO_DEFAULT_LEVEL = '没有默认分销等级，请先在分销等级中设置';
export const MSG_NOT_DISTRIBUTOR = '您还不是分销商';
export const MSG_DISABLED = '分销资格已取消，不能提现';
export const MSG_BAD_PRICE = '提现金额格式不正确（大于 0，最多两位小数）';
export const MSG_BAD_TYPE = '提现方式不正确';
export const MSG_LEVEL_NOT_FOUND = '分销等级不存在或已停用';
export const minWithdrawMessage = (min: Decimal) => `提现金额不能低于 ${min.toFixed(2)} 元`;

interface DistributorRow {
  id: string;
  member_id: string;
  enabled: boolean;
  level_id: string | null;
  member_name: string | null;
}

async function distributorOfMember(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<DistributorRow | undefined> {
  const found = await sql<DistributorRow>`select id, member_id, enabled, level_id, member_name from drp_distributor where tenant_id = ${tenantId} and member_id = ${memberId}`.execute(trx);
  return found.rows[0];
}

/** The level every newly approved distributor starts at. */
export async function defaultLevelId(trx: Transaction<Database>, tenantId: number): Promise<string> {
  const found = await sql<{ id: string }>`select id from drp_level where tenant_id = ${tenantId} and is_default and status = ${LEVEL_STATUS.enabled} order by grade limit 1`.execute(trx);
  const id = found.rows[0]?.id;
  if (id === undefined) throw businessError(MSG_NO_DEFAULT_LEVEL);
  return id;
}

const displayName = (member: MemberSummary) => member.name || member.mobile || member.memberNo;

// ---- recruitment -----------------------------------------------------------------------------

/** POST /app/brokerage/apply: one open application at a time; an existing distributor is refused. */
export async function applyForDistribution(trx: Transaction<Database>, members: MemberService, tenantId: number, memberId: string, input: { name: string; mobile: string }): Promise<string> {
  const member = await members.summary(trx, tenantId, memberId);
  if (member === undefined) throw businessError(MSG_MEMBER_UNKNOWN);
  // Serialises two applications of one member (the member's own distributor row may not exist yet).
  await sql`select pg_advisory_xact_lock(hashtext(${`drp-apply:${tenantId}:${memberId}`}))`.execute(trx);
  if ((await distributorOfMember(trx, tenantId, memberId)) !== undefined) throw businessError(MSG_ALREADY_DISTRIBUTOR);
  const open = await sql<{ id: string }>`select id from drp_recruit where tenant_id = ${tenantId} and member_id = ${memberId} and status = ${RECRUIT_STATUS.applied} limit 1`.execute(trx);
  if (open.rows.length > 0) throw businessError(MSG_OPEN_APPLICATION);
  const id = newId();
  await sql`insert into drp_recruit (id, member_id, member_no, name, mobile, status, create_by, create_time, tenant_id)
    values (${id}, ${memberId}, ${member.memberNo}, ${input.name}, ${input.mobile}, ${RECRUIT_STATUS.applied}, ${member.memberNo}, now(), ${tenantId})`.execute(trx);
  await sql`insert into drp_recruit_log (id, recruit_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${id}, 'apply', null, ${RECRUIT_STATUS.applied}, '提交申请', ${member.memberNo}, now(), ${tenantId})`.execute(trx);
  return id;
}

/** Creates the distributor of a member at the default level, its upline the distributor of the member's referrer. */
export async function createDistributor(trx: Transaction<Database>, members: MemberService, actor: Actor, memberId: string, levelId?: string): Promise<string> {
  const member = await members.summary(trx, actor.tenantId, memberId);
  if (member === undefined) throw businessError(MSG_MEMBER_UNKNOWN);
  if ((await distributorOfMember(trx, actor.tenantId, memberId)) !== undefined) throw businessError('该会员已是分销商');
  const level = levelId ?? (await defaultLevelId(trx, actor.tenantId));
  const parent = member.referrerId === null ? undefined : await distributorOfMember(trx, actor.tenantId, member.referrerId);
  const id = newId();
  await sql`insert into drp_distributor (id, member_id, member_name, mobile, parent_id, parent_name, level_id, invite_code, enabled, brokerage_price, frozen_price,
      total_brokerage, withdrawn_price, withdraw_count, bind_time, create_by, create_time, tenant_id)
    values (${id}, ${memberId}, ${displayName(member)}, ${member.mobile}, ${parent?.id ?? null}, ${parent?.member_name ?? null}, ${level}, ${member.memberNo}, true, 0, 0, 0, 0, 0,
      ${parent === undefined ? null : sql`now()`}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  return id;
}

export async function approveRecruit(trx: Transaction<Database>, members: MemberService, actor: Actor, id: string): Promise<string> {
  await transitionInTransaction(trx, recruitMachine, { id, tenantId: actor.tenantId, action: 'approve', operator: actor.operator, set: { audit_time: sql`now()` } });
  const found = await sql<{ member_id: string }>`select member_id from drp_recruit where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
  const memberId = found.rows[0]?.member_id;
  if (memberId === undefined) throw businessError(recruitMachine.notFound);
  const distributorId = await createDistributor(trx, members, actor, memberId);
  // Members it invited before may already meet a higher level's conditions.
  await upgradeDistributors(trx, members, actor.tenantId, [distributorId]);
  return distributorId;
}

export async function rejectRecruit(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  await transitionInTransaction(trx, recruitMachine, { id, tenantId: actor.tenantId, action: 'reject', operator: actor.operator, content: reason, set: { reason, audit_time: sql`now()` } });
}

// ---- distributors ----------------------------------------------------------------------------

export async function updateDistributorLevel(trx: Transaction<Database>, actor: Actor, id: string, levelId: string): Promise<void> {
  const level = await sql<{ id: string }>`select id from drp_level where id = ${levelId} and tenant_id = ${actor.tenantId} and status = ${LEVEL_STATUS.enabled}`.execute(trx);
  if (level.rows.length === 0) throw businessError(MSG_LEVEL_NOT_FOUND);
  await lockDistributor(trx, actor.tenantId, id);
  await sql`update drp_distributor set level_id = ${levelId}, update_by = ${actor.operator}, update_time = now() where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
}

/**
 * 修改/清除上级: the distributor's member gets the chosen distributor's member as its referrer (or none);
 * its level-1 and level-2 commission follows the new upline from the next paid order on.
 */
export async function updateDistributorParent(trx: Transaction<Database>, members: MemberService, actor: Actor, id: string, parentId: string | null): Promise<void> {
  const distributor = await lockDistributor(trx, actor.tenantId, id);
  if (parentId === id) throw businessError('不能把分销商自己设为上级');
  let parent: { id: string; member_id: string; member_name: string | null } | undefined;
  if (parentId !== null) {
    parent = (await sql<{ id: string; member_id: string; member_name: string | null }>`select id, member_id, member_name from drp_distributor where id = ${parentId} and tenant_id = ${actor.tenantId}`.execute(trx)).rows[0];
    if (parent === undefined) throw businessError('上级分销商不存在');
  }
  await members.changeReferrer(trx, actor.tenantId, distributor.memberId, parent?.member_id ?? null);
  await sql`update drp_distributor set parent_id = ${parent?.id ?? null}, parent_name = ${parent?.member_name ?? null}, bind_time = ${parent === undefined ? null : sql`now()`},
    update_by = ${actor.operator}, update_time = now() where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
}

/** 取消资格 / 恢复: a disabled distributor earns no commission and cannot withdraw. */
export async function updateDistributorEnabled(trx: Transaction<Database>, actor: Actor, id: string, enabled: boolean): Promise<void> {
  const before = await lockDistributor(trx, actor.tenantId, id);
  if (before.enabled === enabled) throw businessError(enabled ? '该分销商已有分销资格' : '该分销商的分销资格已取消');
  await sql`update drp_distributor set enabled = ${enabled}, update_by = ${actor.operator}, update_time = now() where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
}

// ---- commission ------------------------------------------------------------------------------

interface Receiver {
  id: string;
  percent: Decimal;
}

/** The enabled distributor of a member with the level percent for commission level 1 or 2, or undefined. */
async function receiver(trx: Transaction<Database>, tenantId: number, memberId: string, level: 1 | 2): Promise<Receiver | undefined> {
  const found = await sql<{ id: string; percent: string | null }>`select d.id, (case when ${level} = 1 then l.first_percent else l.second_percent end)::text as percent
    from drp_distributor d left join drp_level l on l.id = d.level_id and l.tenant_id = d.tenant_id
    where d.tenant_id = ${tenantId} and d.member_id = ${memberId} and d.enabled`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) return undefined;
  return { id: row.id, percent: new Decimal(row.percent ?? 0) };
}

/** base × percent, floored to the cent. */
export function commissionOf(base: Decimal, percent: Decimal): Decimal {
  return base.times(percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** The services commission is worked out with: the members (who referred whom) and the goods (a SKU's fixed commission). */
export interface CommissionServices {
  members: MemberService;
  stock: StockService;
}

/**
 * A line's commission at one level: the SKU's fixed amount × count when its SPU opts in, otherwise the base ×
 * the level's percent, floored to the cent. Never more than the base: a fixed amount set above what the buyer
 * paid for the line (after every discount, freight excluded) pays the base.
 */
export function lineCommission(base: Decimal, percent: Decimal, fixedPerUnit: string | null, count: number): Decimal {
  if (fixedPerUnit === null) return commissionOf(base, percent);
  return Decimal.min(new Decimal(fixedPerUnit).times(count), base);
}

/**
 * orderHooks.onPaid: for every line whose pay price without freight is above zero, level 1 goes to the
 * distributor of the buyer's referrer and level 2 to the distributor of that member's referrer (each
 * only when enabled), frozen until now + the freeze days.
 */
export async function recordOrderCommission(trx: Transaction<Database>, services: CommissionServices, event: OrderPaidEvent): Promise<number> {
  const { members } = services;
  if (event.memberId === null) return 0;
  const buyer = await members.summary(trx, event.tenantId, event.memberId);
  if (buyer?.referrerId == null) return 0;
  const first = await members.summary(trx, event.tenantId, buyer.referrerId);
  const uplines: Array<{ level: 1 | 2; receiver: Receiver }> = [];
  const firstReceiver = first === undefined ? undefined : await receiver(trx, event.tenantId, first.id, 1);
  if (firstReceiver !== undefined) uplines.push({ level: 1, receiver: firstReceiver });
  if (first?.referrerId != null && first.referrerId !== event.memberId) {
    const secondReceiver = await receiver(trx, event.tenantId, first.referrerId, 2);
    if (secondReceiver !== undefined) uplines.push({ level: 2, receiver: secondReceiver });
  }
  if (uplines.length === 0) return 0;
  const unfreezeTime = new Date(Date.now() + freezeDays() * 86_400_000);
  const skus = await services.stock.snapshots(trx, event.tenantId, [...new Set(event.items.map((item) => item.skuId))]);
  const fixedOf = new Map(skus.map((sku) => [sku.skuId, sku.fixedCommission]));
  let posted = 0;
  for (const item of event.items) {
    const base = new Decimal(item.payPrice).minus(item.deliveryPrice);
    if (!base.greaterThan(0)) continue;
    const fixed = fixedOf.get(item.skuId) ?? null;
    for (const { level, receiver: to } of uplines) {
      const amount = lineCommission(base, to.percent, fixed === null ? null : level === 1 ? fixed.first : fixed.second, item.count);
      if (!amount.greaterThan(0)) continue;
      await postBrokerage(trx, {
        tenantId: event.tenantId,
        distributorId: to.id,
        available: new Decimal(0),
        frozen: amount,
        price: amount,
        earned: amount,
        bizType: BROKERAGE_BIZ.order,
        bizId: event.orderId,
        bizNo: event.orderNo,
        orderItemId: item.itemId,
        sourceMemberId: event.memberId,
        level,
        basePrice: base,
        title: `${level === 1 ? '一级' : '二级'}推广佣金（订单 ${event.orderNo}）`,
        status: BROKERAGE_STATUS.pending,
        unfreezeTime,
        operator: event.operator,
      });
      posted += 1;
    }
  }
  return posted;
}

/**
 * orderHooks.onRefunded: the line's commission is cancelled — from frozen while unsettled, else from
 * available, never below zero (what is left is taken and the row says so).
 */
export async function cancelItemCommission(trx: Transaction<Database>, event: OrderRefundedEvent): Promise<number> {
  const found = await sql<{ id: string; distributor_id: string; price: string; status: string; level: number | null }>`select id, distributor_id, price::text, status, level
    from drp_brokerage_record where tenant_id = ${event.tenantId} and order_item_id = ${event.itemId} and biz_type = ${BROKERAGE_BIZ.order}
      and status in (${BROKERAGE_STATUS.pending}, ${BROKERAGE_STATUS.settled}) order by id for update`.execute(trx);
  for (const record of found.rows) {
    const price = new Decimal(record.price);
    const totals = await lockDistributor(trx, event.tenantId, record.distributor_id);
    const fromFrozen = record.status === BROKERAGE_STATUS.pending;
    const held = fromFrozen ? totals.frozen : totals.available;
    const taken = Decimal.min(price, held);
    const short = taken.lessThan(price);
    const where = fromFrozen ? '冻结佣金' : '可提现佣金';
    const title = `订单 ${event.orderNo} 退款，扣回${where} ${taken.toFixed(2)} 元${short ? `（应扣 ${price.toFixed(2)} 元，${where}不足，仅扣回剩余部分）` : ''}`;
    await sql`update drp_brokerage_record set status = ${BROKERAGE_STATUS.cancelled}, update_by = ${event.operator}, update_time = now() where id = ${record.id}`.execute(trx);
    await postBrokerage(trx, {
      tenantId: event.tenantId,
      distributorId: record.distributor_id,
      available: fromFrozen ? new Decimal(0) : taken.negated(),
      frozen: fromFrozen ? taken.negated() : new Decimal(0),
      price: taken.negated(),
      earned: price.negated(),
      bizType: BROKERAGE_BIZ.refund,
      bizId: event.orderId,
      bizNo: event.orderNo,
      orderItemId: event.itemId,
      sourceMemberId: event.memberId,
      level: record.level,
      title,
      status: BROKERAGE_STATUS.settled,
      operator: event.operator,
    });
  }
  return found.rows.length;
}

/** Settles one pending commission row (frozen → available) in the caller's transaction; false when it is no longer pending. */
export async function settleCommissionRecord(trx: Transaction<Database>, tenantId: number, recordId: string, operator = 'system'): Promise<boolean> {
  const locked = await sql<{ distributor_id: string; price: string }>`select distributor_id, price::text from drp_brokerage_record
    where id = ${recordId} and tenant_id = ${tenantId} and status = ${BROKERAGE_STATUS.pending} for update`.execute(trx);
  const record = locked.rows[0];
  // Cancelled by a refund meanwhile.
  if (record === undefined) return false;
  const price = new Decimal(record.price);
  const totals = await lockDistributor(trx, tenantId, record.distributor_id);
  if (totals.frozen.lessThan(price)) throw businessError(`冻结佣金不足，当前冻结 ${totals.frozen.toFixed(2)} 元`);
  await sql`update drp_distributor set frozen_price = frozen_price - ${price.toFixed(2)}::numeric, brokerage_price = brokerage_price + ${price.toFixed(2)}::numeric,
    update_time = now() where id = ${record.distributor_id} and tenant_id = ${tenantId}`.execute(trx);
  await sql`update drp_brokerage_record set status = ${BROKERAGE_STATUS.settled}, settle_time = now(), update_by = ${operator}, update_time = now() where id = ${recordId}`.execute(trx);
  return true;
}

/** The settlement job's work: due pending commissions move from frozen to available, one transaction each. */
export async function settleDueCommission(db: Kysely<Database>, limit = 500): Promise<{ settled: number; failed: number }> {
  const due = await sql<{ id: string; tenant_id: number }>`select id, tenant_id from drp_brokerage_record where status = ${BROKERAGE_STATUS.pending}
    and biz_type = ${BROKERAGE_BIZ.order} and unfreeze_time <= now() order by unfreeze_time limit ${limit}`.execute(db);
  let settled = 0;
  let failed = 0;
  for (const row of due.rows) {
    try {
      if (await inTransaction(db, (trx) => settleCommissionRecord(trx, row.tenant_id, row.id))) settled += 1;
    } catch {
      failed += 1;
    }
  }
  return { settled, failed };
}

// ---- withdrawals -----------------------------------------------------------------------------

export interface WithdrawInput {
  price: Decimal;
  type: string;
  name: string;
  account: string;
}

/** The fee of a withdrawal: price × fee %, to the cent (half up). */
export function withdrawFee(price: Decimal, percent: Decimal): Decimal {
  return price.times(percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** POST /app/brokerage/withdraw: the whole price leaves available at once (a 提现申请 row). */
export async function applyWithdraw(trx: Transaction<Database>, tenantId: number, memberId: string, input: WithdrawInput): Promise<{ id: string; feePrice: string; payoutPrice: string }> {
  if (!(WITHDRAW_TYPES as readonly string[]).includes(input.type)) throw businessError(MSG_BAD_TYPE);
  if (!input.price.greaterThan(0) || input.price.decimalPlaces() > 2) throw businessError(MSG_BAD_PRICE);
  const min = minWithdraw();
  if (input.price.lessThan(min)) throw businessError(minWithdrawMessage(min));
  const distributor = await distributorOfMember(trx, tenantId, memberId);
  if (distributor === undefined) throw businessError(MSG_NOT_DISTRIBUTOR);
  if (!distributor.enabled) throw businessError(MSG_DISABLED);
  const fee = Decimal.min(withdrawFee(input.price, withdrawFeePercent()), input.price);
  const payout = input.price.minus(fee);
  const id = newId();
  // The ledger row first: it locks the distributor and refuses more than is available.
  await postBrokerage(trx, {
    tenantId,
    distributorId: distributor.id,
    available: input.price.negated(),
    frozen: new Decimal(0),
    price: input.price.negated(),
    bizType: BROKERAGE_BIZ.withdraw,
    bizId: id,
    title: `提现申请 ${input.price.toFixed(2)} 元`,
    status: BROKERAGE_STATUS.settled,
    operator: distributor.member_name,
  });
  await sql`insert into drp_withdraw (id, distributor_id, member_id, member_name, price, fee_price, payout_price, type, name, account, status, create_by, create_time, tenant_id)
    values (${id}, ${distributor.id}, ${memberId}, ${distributor.member_name}, ${input.price.toFixed(2)}::numeric, ${fee.toFixed(2)}::numeric, ${payout.toFixed(2)}::numeric,
      ${input.type}, ${input.name}, ${input.account}, ${WITHDRAW_STATUS.auditing}, ${distributor.member_name}, now(), ${tenantId})`.execute(trx);
  await sql`insert into drp_withdraw_log (id, withdraw_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${id}, 'apply', null, ${WITHDRAW_STATUS.auditing}, ${`申请提现 ${input.price.toFixed(2)} 元`}, ${distributor.member_name}, now(), ${tenantId})`.execute(trx);
  return { id, feePrice: fee.toFixed(2), payoutPrice: payout.toFixed(2) };
}

export async function approveWithdraw(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await transitionInTransaction(trx, withdrawMachine, { id, tenantId: actor.tenantId, action: 'approve', operator: actor.operator, set: { audit_time: sql`now()` } });
}

/** 驳回: the price returns to available (a 提现驳回 row). */
export async function rejectWithdraw(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  await transitionInTransaction(trx, withdrawMachine, { id, tenantId: actor.tenantId, action: 'reject', operator: actor.operator, content: reason, set: { audit_reason: reason, audit_time: sql`now()` } });
  const found = await sql<{ distributor_id: string; price: string }>`select distributor_id, price::text from drp_withdraw where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(withdrawMachine.notFound);
  const price = new Decimal(row.price);
  await postBrokerage(trx, {
    tenantId: actor.tenantId,
    distributorId: row.distributor_id,
    available: price,
    frozen: new Decimal(0),
    price,
    bizType: BROKERAGE_BIZ.withdrawReject,
    bizId: id,
    title: `提现驳回，退回 ${price.toFixed(2)} 元：${reason}`,
    status: BROKERAGE_STATUS.settled,
    operator: actor.operator,
  });
}

/** 打款 (manual types): 审核通过 → 提现成功; the distributor's withdrawn total follows. */
export async function payWithdraw(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await transitionInTransaction(trx, withdrawMachine, { id, tenantId: actor.tenantId, action: 'pay', operator: actor.operator, set: { pay_time: sql`now()` } });
  await countWithdrawn(trx, actor, id);
}

/** 打款失败: the transfer bounced; the amount stays out of available and the reason is kept. */
export async function failWithdrawPayment(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  await transitionInTransaction(trx, withdrawMachine, { id, tenantId: actor.tenantId, action: 'payFail', operator: actor.operator, content: reason, set: { pay_fail_reason: reason } });
}

/** 重新转账: a failed withdrawal goes back to 审核中, to be approved and paid again (or rejected, returning the amount). */
export async function repayWithdraw(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await transitionInTransaction(trx, withdrawMachine, { id, tenantId: actor.tenantId, action: 'repay', operator: actor.operator });
}

async function countWithdrawn(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await sql`update drp_distributor d set withdrawn_price = d.withdrawn_price + w.price, withdraw_count = d.withdraw_count + 1, update_time = now()
    from drp_withdraw w where w.id = ${id} and w.tenant_id = ${actor.tenantId} and d.id = w.distributor_id`.execute(trx);
}
