/**
 * The shared guarded-transition piece (server/state/state-machine.ts) on a table of its own: allowed
 * moves write the state and a log row in one transaction, refused ones name the current state and
 * change nothing, and two concurrent moves out of one state cannot both succeed.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { allowedActions, createStateLogTable, defineStateMachine, refusalFor, transition } from '../../server/state/state-machine';
import { useDemoServer } from './helpers';

const demo = useDemoServer();
const TENANT = 7;
// Tables of this run only, so a shared PostgreSQL never sees a clash with an earlier run.
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const PARCELS = `test_parcel_${RUN}`;
const PARCEL_LOG = `test_parcel_log_${RUN}`;

const parcel = defineStateMachine({
  noun: '包裹',
  table: PARCELS,
  statusColumn: 'status',
  states: { '0': '待发出', '10': '运输中', '20': '已签收', '40': '已取消' },
  actions: {
    send: { label: '发出', from: ['0'], to: '10' },
    sign: { label: '签收', from: ['10'], to: '20' },
    cancel: { label: '取消', from: ['0', '10'], to: '40' },
  },
  log: { table: PARCEL_LOG, owner: 'parcel_id' },
  notFound: '包裹不存在',
});

let db: Kysely<Database>;
let seq = 0;

async function newParcel(status = 0, tenantId = TENANT): Promise<string> {
  seq += 1;
  const id = `${RUN}p${seq}`;
  await sql`insert into ${sql.table(PARCELS)} (id, status, tenant_id) values (${id}, ${status}, ${tenantId})`.execute(db);
  return id;
}

const statusOf = async (id: string) => (await sql<{ status: number; sent_by: string | null }>`select status, sent_by from ${sql.table(PARCELS)} where id = ${id}`.execute(db)).rows[0];
const logOf = async (id: string) =>
  (await sql<{ action: string; before_status: string; after_status: string; content: string; create_by: string }>`select action, before_status, after_status, content, create_by
    from ${sql.table(PARCEL_LOG)} where parcel_id = ${id} order by create_time, id`.execute(db)).rows;

beforeAll(async () => {
  db = demo.app.db;
  await sql`create table ${sql.table(PARCELS)} (id varchar(32) primary key, status smallint not null, sent_by varchar(64), tenant_id integer not null)`.execute(db);
  await createStateLogTable(db as unknown as Kysely<unknown>, PARCEL_LOG, 'parcel_id');
});

describe('guarded transitions', () => {
  it('moves an allowed state, sets the extra columns and writes the log row', async () => {
    const id = await newParcel();
    const outcome = await transition(db, parcel, { id, tenantId: TENANT, action: 'send', operator: 'admin', content: 'SF1234', set: { sent_by: 'admin' } });
    expect(outcome).toMatchObject({ before: '0', after: '10' });
    expect(await statusOf(id)).toEqual({ status: 10, sent_by: 'admin' });
    expect(await logOf(id)).toEqual([{ action: 'send', before_status: '0', after_status: '10', content: '发出：SF1234', create_by: 'admin' }]);
  });

  it('refuses a move the current state does not allow, naming the state, and changes nothing', async () => {
    const id = await newParcel(20);
    await expect(transition(db, parcel, { id, tenantId: TENANT, action: 'cancel', operator: 'admin' })).rejects.toMatchObject({ message: '包裹当前状态为「已签收」，不能取消' });
    expect((await statusOf(id))?.status).toBe(20);
    expect(await logOf(id)).toEqual([]);
  });

  it("refuses another tenant's row as unknown", async () => {
    const id = await newParcel(0, TENANT + 1);
    await expect(transition(db, parcel, { id, tenantId: TENANT, action: 'send', operator: 'admin' })).rejects.toMatchObject({ message: '包裹不存在' });
    expect((await statusOf(id))?.status).toBe(0);
  });

  it('lets exactly one of two concurrent moves out of one state succeed', async () => {
    const id = await newParcel();
    const results = await Promise.allSettled([
      transition(db, parcel, { id, tenantId: TENANT, action: 'send', operator: 'a' }),
      transition(db, parcel, { id, tenantId: TENANT, action: 'cancel', operator: 'b' }),
      transition(db, parcel, { id, tenantId: TENANT, action: 'send', operator: 'c' }),
    ]);
    const done = results.filter((result) => result.status === 'fulfilled');
    // send → 10 then cancel (allowed from 10) may follow; but never two sends.
    const log = await logOf(id);
    expect(log.filter((row) => row.action === 'send')).toHaveLength(1);
    expect(done.length).toBe(log.length);
    for (let index = 1; index < log.length; index += 1) expect(log[index]?.before_status).toBe(log[index - 1]?.after_status);
    expect(String((await statusOf(id))?.status)).toBe(log.at(-1)?.after_status);
  });

  it('lists the actions each state allows and words their refusals', () => {
    expect(allowedActions(parcel, '0')).toEqual(['send', 'cancel']);
    expect(allowedActions(parcel, '10')).toEqual(['sign', 'cancel']);
    expect(allowedActions(parcel, '20')).toEqual([]);
    expect(refusalFor(parcel, '40', 'sign')).toBe('包裹当前状态为「已取消」，不能签收');
    expect(() => defineStateMachine({ ...parcel, actions: { lose: { label: '丢失', from: ['10'], to: '99' as '0' } } })).toThrow('包裹 action lose names unknown state 99');
  });
});
