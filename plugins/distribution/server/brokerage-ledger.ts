import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import { businessError, newId, type Database } from '../../../server/kit';

/**
 * The commission ledger (docs/reference/business-domains.md §0a "Ledgers are append-only"). A distributor holds two
 * totals — available (brokerage_price) and frozen (frozen_price) — so the shared single-total ledger
 * (server/ledger/ledger.ts) does not fit; this keeps its discipline: the distributor row is locked
 * (FOR UPDATE), both totals change together with one appended row in the caller's transaction, and a
 * change that would take either below zero is refused with the amount that is left.
 */

export const MSG_DISTRIBUTOR_NOT_FOUND = '分销商不存在';

export interface BrokerageTotals {
  available: Decimal;
  frozen: Decimal;
  enabled: boolean;
  memberId: string;
}

export interface BrokeragePosting {
  tenantId: number;
  distributorId: string;
  /** Signed change of the available commission. */
  available: Decimal;
  /** Signed change of the frozen commission. */
  frozen: Decimal;
  /** The row's own signed amount (what the row is worth to the distributor). */
  price: Decimal;
  /** Change of the commission ever earned (promotion rows and their cancellations). */
  earned?: Decimal;
  bizType: string;
  bizId: string | null;
  bizNo?: string | null;
  orderItemId?: string | null;
  sourceMemberId?: string | null;
  level?: number | null;
  basePrice?: Decimal | null;
  title: string;
  status: string;
  unfreezeTime?: Date | null;
  operator: string | null;
}

/** Locks the distributor row and reads its totals (inside the caller's transaction). */
export async function lockDistributor(trx: Transaction<Database>, tenantId: number, distributorId: string): Promise<BrokerageTotals> {
  const locked = await sql<{ brokerage_price: string; frozen_price: string; enabled: boolean; member_id: string }>`select brokerage_price::text, frozen_price::text, enabled, member_id
    from drp_distributor where id = ${distributorId} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = locked.rows[0];
  if (row === undefined) throw businessError(MSG_DISTRIBUTOR_NOT_FOUND);
  return { available: new Decimal(row.brokerage_price), frozen: new Decimal(row.frozen_price), enabled: row.enabled, memberId: row.member_id };
}

/** Posts one row: both totals move under the row lock, never below zero; returns the totals after. */
export async function postBrokerage(trx: Transaction<Database>, posting: BrokeragePosting): Promise<{ id: string; available: Decimal; frozen: Decimal }> {
  const before = await lockDistributor(trx, posting.tenantId, posting.distributorId);
  const available = before.available.plus(posting.available);
  const frozen = before.frozen.plus(posting.frozen);
  if (available.isNegative()) throw businessError(`可提现佣金不足，当前可提现 ${before.available.toFixed(2)} 元`);
  if (frozen.isNegative()) throw businessError(`冻结佣金不足，当前冻结 ${before.frozen.toFixed(2)} 元`);
  const earned = (posting.earned ?? new Decimal(0)).toFixed(2);
  await sql`update drp_distributor set brokerage_price = ${available.toFixed(2)}::numeric, frozen_price = ${frozen.toFixed(2)}::numeric,
    total_brokerage = total_brokerage + ${earned}::numeric, update_time = now()
    where id = ${posting.distributorId} and tenant_id = ${posting.tenantId}`.execute(trx);
  const id = newId();
  await sql`insert into drp_brokerage_record (id, distributor_id, biz_type, biz_id, biz_no, order_item_id, source_member_id, level, base_price, price, total_price, frozen_total,
      title, status, unfreeze_time, settle_time, create_by, create_time, tenant_id)
    values (${id}, ${posting.distributorId}, ${posting.bizType}, ${posting.bizId}, ${posting.bizNo ?? null}, ${posting.orderItemId ?? null}, ${posting.sourceMemberId ?? null},
      ${posting.level ?? null}, ${(posting.basePrice ?? new Decimal(0)).toFixed(2)}::numeric, ${posting.price.toFixed(2)}::numeric, ${available.toFixed(2)}::numeric,
      ${frozen.toFixed(2)}::numeric, ${posting.title}, ${posting.status}, ${posting.unfreezeTime ?? null}, ${posting.status === '1' ? sql`now()` : null},
      ${posting.operator}, now(), ${posting.tenantId})`.execute(trx);
  return { id, available, frozen };
}
