/**
 * DEMO_ORDERS above the first start's 120: the rest are placed in the background once the server
 * answers, through the same services, and the fill remembers where it stopped.
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/server/helpers';
import { METRICS } from '../../../../server/contracts/report-facts';
import { DEMO_ORDER_COUNT } from '../../server/demo-orders';

const TARGET = DEMO_ORDER_COUNT + 6;
let server: TestServer;

const nextIndex = async (): Promise<number> =>
  Number((await sql<{ value: string }>`select value from app_meta where key = 'orders.demoBackfill.next'`.execute(server.app.db)).rows[0]?.value ?? -1);

beforeAll(async () => {
  server = await startTestServer({ DEMO_ORDERS: String(TARGET) });
  // Report days stored through yesterday before the fill starts (as after a night of the 报表日结), left empty:
  // only storing them again after the fill makes them hold the first start's orders and the fill's.
  await sql`insert into rpt_rollup (tenant_id, rolled_through) values (1, (now() at time zone ${server.app.appConfig.shopTimeZone})::date - 1)`.execute(server.app.db);
  await server.app.ready();
}, 120_000);

afterAll(async () => server.close());

describe('background demo orders', () => {
  it('places the orders beyond the first start up to DEMO_ORDERS, each adding up, then stops', async () => {
    await expect.poll(nextIndex, { timeout: 60_000, interval: 200 }).toBe(TARGET);
    const orders = await sql<{ n: number }>`select count(*)::int as n from sale_order where tenant_id = 1 and type = '0' and pickup_store_id is null`.execute(server.app.db);
    expect(orders.rows[0]?.n).toBe(TARGET);
    const sums = await sql<{ pay_price: string; items: string }>`select o.pay_price::text as pay_price, (select sum(i.pay_price)::text from sale_order_item i where i.order_id = o.id) as items
      from sale_order o where o.tenant_id = 1`.execute(server.app.db);
    for (const order of sums.rows) expect(new Decimal(order.items).equals(order.pay_price)).toBe(true);
    expect(server.logs.some((line) => line.includes(`background fill done at ${TARGET}`))).toBe(true);
  });

  it('stores the report days again once the fill is done, so its backdated orders count in the stored days', async () => {
    // The fill logs "done" before it stores the days again: wait for the stored days to hold every paid order.
    const storedThrough = async () => {
      // Stored through yesterday (a first roll-up moves its mark a week at a time).
      const mark = await sql<{ day: string }>`select to_char(rolled_through, 'YYYY-MM-DD') as day from rpt_rollup
        where tenant_id = 1 and rolled_through = (now() at time zone ${server.app.appConfig.shopTimeZone})::date - 1`.execute(server.app.db);
      const through = mark.rows[0]?.day ?? null;
      if (through === null) return null;
      const stored = await sql<{ total: string }>`select coalesce(sum(value), 0)::text as total from rpt_daily_fact where tenant_id = 1 and metric = ${METRICS.payPrice}`.execute(server.app.db);
      const paid = await sql<{ total: string }>`select coalesce(sum(pay_price), 0)::text as total from sale_order where tenant_id = 1 and pay_time is not null
        and (pay_time at time zone ${server.app.appConfig.shopTimeZone})::date <= ${through}::date`.execute(server.app.db);
      return { stored: new Decimal(stored.rows[0]?.total ?? '0').toFixed(2), paid: new Decimal(paid.rows[0]?.total ?? '0').toFixed(2) };
    };
    const settled = async () => {
      const figures = await storedThrough();
      return figures !== null && figures.stored === figures.paid;
    };
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(true);
    expect(Number((await storedThrough())?.paid)).toBeGreaterThan(0);
  });
});
