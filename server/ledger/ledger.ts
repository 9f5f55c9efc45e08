import Decimal from 'decimal.js';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { inTransaction } from '../db/transactions';
import { businessError } from '../http/envelope';

/**
 * Append-only ledgers (design decision "ledgers are append-only"): a running total on an owner row
 * (a member's points, balance or growth; later stock, commission, coupon counters) changes only
 * together with one ledger row, in one transaction, under a row lock on the owner. Every identifier
 * comes from a definition written in code; values are always bound.
 */

/** `integer`: whole units (points, growth, stock). `money`: yuan with at most two decimals (NUMERIC(14,2)). */
export type LedgerUnit = 'integer' | 'money';

export interface LedgerDefinition {
  owner: {
    table: string;
    /** The running-total column on the owner row. */
    total: string;
  };
  ledger: {
    table: string;
    /** Column naming the owner row's id. */
    owner: string;
    /** Signed change. */
    change: string;
    /** Total after the change. */
    total: string;
  };
  unit: LedgerUnit;
  /** Refusal when the change would take the total below zero; gets the current total as shown. */
  insufficient: (current: string) => string;
  /** Growth-style ledgers clamp at zero instead of refusing (the row records the change actually made). */
  clampAtZero?: boolean;
  /** Refusal when the owner row does not exist (or is another tenant's). */
  notFound: string;
}

export interface LedgerEntry {
  ownerId: string;
  /** Signed change: an integer, or yuan as a number/string with at most two decimals. */
  change: number | string | Decimal;
  bizType: number;
  bizId?: string | null;
  /** Why: shown as the row's title (an admin's reason, "订单积分奖励", …). */
  title: string;
  operator: string | null;
  /** Tenant of the owner row; the lock and the row carry it. */
  tenantId: number;
  /**
   * When the change happened, if not now: history brought in at its own dates (the demo members' past orders and
   * top-ups), so that today's figures (充值, 营业额) count only today's. Entries are posted in the order given.
   */
  at?: Date;
}

export interface LedgerPosting {
  id: string;
  before: Decimal;
  change: Decimal;
  after: Decimal;
}

export const MSG_CHANGE_NOT_INTEGER = '变动值必须是整数';
export const MSG_CHANGE_TOO_PRECISE = '金额最多保留两位小数';
export const MSG_CHANGE_ZERO = '变动值不能为 0';
export const MSG_CHANGE_TOO_LARGE = '变动值超出范围';
/** NUMERIC(14,2) holds up to 12 integer digits; integers stay within a signed 32-bit column. */
const LIMITS: Record<LedgerUnit, Decimal> = { integer: new Decimal(2_000_000_000), money: new Decimal('999999999999.99') };

/** The change as an exact decimal, or a business refusal naming what is wrong with it. */
export function parseChange(unit: LedgerUnit, raw: LedgerEntry['change']): Decimal {
  let value: Decimal;
  try {
    value = raw instanceof Decimal ? raw : new Decimal(typeof raw === 'string' ? raw.trim() : raw);
  } catch {
    throw businessError(unit === 'integer' ? MSG_CHANGE_NOT_INTEGER : MSG_CHANGE_TOO_PRECISE);
  }
  if (!value.isFinite()) throw businessError(MSG_CHANGE_TOO_LARGE);
  if (unit === 'integer' && !value.isInteger()) throw businessError(MSG_CHANGE_NOT_INTEGER);
  if (unit === 'money' && value.decimalPlaces() > 2) throw businessError(MSG_CHANGE_TOO_PRECISE);
  if (value.isZero()) throw businessError(MSG_CHANGE_ZERO);
  if (value.abs().greaterThan(LIMITS[unit])) throw businessError(MSG_CHANGE_TOO_LARGE);
  return value;
}

/** How a total shows in messages: integers as they are, money with two decimals. */
export function formatTotal(unit: LedgerUnit, value: Decimal): string {
  return unit === 'money' ? value.toFixed(2) : value.toFixed(0);
}

/**
 * The rule every posting obeys, single or batched: a total below zero is refused (or, for a ledger that
 * clamps, the change is cut to what is left), and a total above the column's limit is refused.
 */
function applyChange(definition: LedgerDefinition, before: Decimal, requested: Decimal): { change: Decimal; after: Decimal } {
  const after = before.plus(requested);
  if (after.isNegative()) {
    if (definition.clampAtZero !== true) throw businessError(definition.insufficient(formatTotal(definition.unit, before)));
    return { change: before.negated(), after: new Decimal(0) };
  }
  if (after.greaterThan(LIMITS[definition.unit])) throw businessError(MSG_CHANGE_TOO_LARGE);
  return { change: requested, after };
}

/** The row's time: the entry's own, or the transaction's now. */
const stampOf = (entry: Pick<LedgerEntry, 'at'>): RawBuilder<unknown> => (entry.at === undefined ? sql`now()` : sql`${entry.at}::timestamptz`);

/**
 * Posts one entry inside the caller's transaction: locks the owner row (`FOR UPDATE`), refuses a
 * total below zero (or clamps, for growth), writes the new total and appends the ledger row.
 */
export async function postInTransaction(trx: Transaction<Database>, definition: LedgerDefinition, entry: LedgerEntry): Promise<LedgerPosting> {
  const { owner, ledger, unit } = definition;
  const requested = parseChange(unit, entry.change);
  const locked = await sql<{ total: string | number | null }>`select ${sql.id(owner.total)} as total from ${sql.id(owner.table)}
    where id = ${entry.ownerId} and tenant_id = ${entry.tenantId} for update`.execute(trx);
  const row = locked.rows[0];
  if (row === undefined) throw businessError(definition.notFound);
  const before = new Decimal(row.total ?? 0);
  const { change, after } = applyChange(definition, before, requested);
  // Bound as text: the database reads the exact decimal, never a binary float.
  const afterText = formatTotal(unit, after);
  const changeText = formatTotal(unit, change);
  await sql`update ${sql.id(owner.table)} set ${sql.id(owner.total)} = ${afterText}::numeric where id = ${entry.ownerId}`.execute(trx);
  const id = newId();
  await sql`insert into ${sql.id(ledger.table)}
    (id, ${sql.id(ledger.owner)}, ${sql.id(ledger.change)}, ${sql.id(ledger.total)}, biz_type, biz_id, title, create_by, create_time, tenant_id)
    values (${id}, ${entry.ownerId}, ${changeText}::numeric, ${afterText}::numeric, ${String(entry.bizType)}, ${entry.bizId ?? null}, ${entry.title}, ${entry.operator}, ${stampOf(entry)}, ${entry.tenantId})`.execute(trx);
  return { id, before, change, after };
}

/** Ledger callers take the transaction helper from here too. */
export { inTransaction };

/** Posts one entry in a transaction of its own (or in the caller's, when given one). */
export function postLedgerEntry(db: Kysely<Database>, definition: LedgerDefinition, entry: LedgerEntry): Promise<LedgerPosting> {
  return inTransaction(db, (trx) => postInTransaction(trx, definition, entry));
}

/**
 * Posts many entries (several per owner allowed, applied in order) with one lock, one update and one
 * insert: for multi-line documents (an order's stock lines) and bulk jobs. The same rules hold: every
 * change is checked, a total never goes below zero, and any refusal rolls the whole batch back.
 */
export async function postLedgerBatch(trx: Transaction<Database>, definition: LedgerDefinition, tenantId: number, entries: readonly Omit<LedgerEntry, 'tenantId'>[]): Promise<LedgerPosting[]> {
  if (entries.length === 0) return [];
  const { owner, ledger, unit } = definition;
  const ownerIds = [...new Set(entries.map((entry) => entry.ownerId))].sort();
  const locked = await sql<{ id: string; total: string | number | null }>`select id, ${sql.id(owner.total)} as total from ${sql.id(owner.table)}
    where tenant_id = ${tenantId} and id in (${sql.join(ownerIds)}) order by id for update`.execute(trx);
  const totals = new Map(locked.rows.map((row) => [row.id, new Decimal(row.total ?? 0)]));
  const postings: LedgerPosting[] = [];
  const rows: RawBuilder<unknown>[] = [];
  for (const entry of entries) {
    const before = totals.get(entry.ownerId);
    if (before === undefined) throw businessError(definition.notFound);
    const { change, after } = applyChange(definition, before, parseChange(unit, entry.change));
    totals.set(entry.ownerId, after);
    const id = newId();
    postings.push({ id, before, change, after });
    rows.push(sql`(${id}, ${entry.ownerId}, ${formatTotal(unit, change)}::numeric, ${formatTotal(unit, after)}::numeric, ${String(entry.bizType)}, ${entry.bizId ?? null},
      ${entry.title}, ${entry.operator}, ${stampOf(entry)}, ${tenantId})`);
  }
  const updates = [...totals].map(([id, total]) => sql`(${id}, ${formatTotal(unit, total)}::numeric)`);
  await sql`update ${sql.id(owner.table)} as o set ${sql.id(owner.total)} = v.total from (values ${sql.join(updates)}) as v(id, total)
    where o.id = v.id and o.tenant_id = ${tenantId}`.execute(trx);
  await sql`insert into ${sql.id(ledger.table)}
    (id, ${sql.id(ledger.owner)}, ${sql.id(ledger.change)}, ${sql.id(ledger.total)}, biz_type, biz_id, title, create_by, create_time, tenant_id)
    values ${sql.join(rows)}`.execute(trx);
  return postings;
}
