import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { inTransaction } from '../db/transactions';
import { businessError } from '../http/envelope';

/**
 * Guarded transitions (design decision "every state change is a guarded transition"): the allowed
 * From → To pairs of one machine (an order, an after-sale, a withdrawal, a procurement order …) live
 * in one definition written in code. A transition locks its row, checks the current state against the
 * action's `from`, writes the new state and appends a log row (operator, before, after, content, time)
 * in one transaction, so two staff pressing 发货 and 关闭 at once cannot both succeed. Detail pages
 * show the log rows as a timeline. Identifiers come from the definition only; values are bound.
 */

export interface TransitionDefinition<S extends string> {
  /** What the action is called in messages and logs (发货, 关闭, 同意售后 …). */
  label: string;
  from: readonly S[];
  to: S;
}

export interface StateMachineDefinition<S extends string, A extends string> {
  /** What the machine's rows are called in messages (订单, 售后单 …). */
  noun: string;
  table: string;
  statusColumn: string;
  /** Every state's name, for messages and logs. */
  states: Record<S, string>;
  actions: Record<A, TransitionDefinition<S>>;
  log: {
    table: string;
    /** Column naming the machine's row. */
    owner: string;
  };
  /** Refusal when the row does not exist (or is another tenant's). */
  notFound: string;
}

export interface TransitionRequest<A extends string> {
  id: string;
  tenantId: number;
  action: A;
  operator: string | null;
  /** What the log row says beyond the action (a reason, a waybill number …). */
  content?: string;
  /** Further columns the same UPDATE sets (e.g. delivery_time); names come from the caller's code. */
  set?: Record<string, RawBuilder<unknown> | string | number | boolean | null>;
}

export interface TransitionOutcome<S extends string> {
  before: S;
  after: S;
  logId: string;
}

export function defineStateMachine<S extends string, A extends string>(definition: StateMachineDefinition<S, A>): StateMachineDefinition<S, A> {
  for (const [action, transition] of Object.entries<TransitionDefinition<S>>(definition.actions)) {
    for (const state of [...transition.from, transition.to]) {
      if (!(state in definition.states)) throw new Error(`${definition.noun} action ${action} names unknown state ${state}`);
    }
  }
  return definition;
}

/** The actions allowed from a state (a detail page shows exactly these buttons). */
export function allowedActions<S extends string, A extends string>(machine: StateMachineDefinition<S, A>, state: S): A[] {
  return (Object.keys(machine.actions) as A[]).filter((action) => machine.actions[action].from.includes(state));
}

/** The refusal for an action the current state does not allow; names the current state. */
export function refusalFor<S extends string, A extends string>(machine: StateMachineDefinition<S, A>, state: S, action: A): string {
  return `${machine.noun}当前状态为「${machine.states[state] ?? state}」，不能${machine.actions[action].label}`;
}

/** Runs one transition inside the caller's transaction (the row stays locked until it commits). */
export async function transitionInTransaction<S extends string, A extends string>(
  trx: Transaction<Database>,
  machine: StateMachineDefinition<S, A>,
  request: TransitionRequest<A>,
): Promise<TransitionOutcome<S>> {
  const transition = machine.actions[request.action];
  const locked = await sql<{ status: string | number }>`select ${sql.id(machine.statusColumn)} as status from ${sql.id(machine.table)}
    where id = ${request.id} and tenant_id = ${request.tenantId} for update`.execute(trx);
  const row = locked.rows[0];
  if (row === undefined) throw businessError(machine.notFound);
  const before = String(row.status) as S;
  if (!transition.from.includes(before)) throw businessError(refusalFor(machine, before, request.action));
  const sets = [sql`${sql.id(machine.statusColumn)} = ${transition.to}`, ...Object.entries(request.set ?? {}).map(([column, value]) => sql`${sql.id(column)} = ${value}`)];
  await sql`update ${sql.id(machine.table)} set ${sql.join(sets)} where id = ${request.id} and tenant_id = ${request.tenantId}`.execute(trx);
  const logId = newId();
  const content = request.content === undefined || request.content === '' ? transition.label : `${transition.label}：${request.content}`;
  await sql`insert into ${sql.id(machine.log.table)}
    (id, ${sql.id(machine.log.owner)}, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${logId}, ${request.id}, ${request.action}, ${before}, ${transition.to}, ${content}, ${request.operator}, now(), ${request.tenantId})`.execute(trx);
  return { before, after: transition.to, logId };
}

/** Runs one transition in a transaction of its own (or in the caller's, when given one). */
export function transition<S extends string, A extends string>(db: Kysely<Database>, machine: StateMachineDefinition<S, A>, request: TransitionRequest<A>): Promise<TransitionOutcome<S>> {
  return inTransaction(db, (trx) => transitionInTransaction(trx, machine, request));
}

/**
 * A machine's log table (a migration may instead create it from a log entity with the fields owner, action,
 * beforeStatus, afterStatus, content: the same columns).
 */
export async function createStateLogTable(db: Kysely<unknown>, table: string, owner: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn(owner, 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('before_status', 'varchar(16)')
    .addColumn('after_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The audit pair the CRUD engine reads with every record, so a log entity lists through the engine.
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'timestamptz')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex(`${table}_owner_idx`).on(table).columns(['tenant_id', owner, 'create_time']).execute();
}
