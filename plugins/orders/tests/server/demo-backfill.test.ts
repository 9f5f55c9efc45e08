/**
 * DEMO_ORDERS above the first start's 120: the rest are placed in the background once the server
 * answers, through the same services, and the fill remembers where it stopped.
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/server/helpers';
import { DEMO_ORDER_COUNT } from '../../server/demo-orders';

const TARGET = DEMO_ORDER_COUNT + 6;
let server: TestServer;

const nextIndex = async (): Promise<number> =>
  Number((await sql<{ value: string }>`select value from app_meta where key = 'orders.demoBackfill.next'`.execute(server.app.db)).rows[0]?.value ?? -1);

beforeAll(async () => {
  server = await startTestServer({ DEMO_ORDERS: String(TARGET) });
  await server.app.ready();
}, 120_000);

afterAll(async () => server.close());

describe('background demo orders', () => {
  it('places the orders beyond the first start up to DEMO_ORDERS, each adding up, then stops', async () => {
    await expect.poll(nextIndex, { timeout: 60_000, interval: 200 }).toBe(TARGET);
    const orders = await sql<{ n: number }>`select count(*)::int as n from sale_order where tenant_id = 1 and type = '0'`.execute(server.app.db);
    expect(orders.rows[0]?.n).toBe(TARGET);
    const sums = await sql<{ pay_price: string; items: string }>`select o.pay_price::text as pay_price, (select sum(i.pay_price)::text from sale_order_item i where i.order_id = o.id) as items
      from sale_order o where o.tenant_id = 1`.execute(server.app.db);
    for (const order of sums.rows) expect(new Decimal(order.items).equals(order.pay_price)).toBe(true);
    expect(server.logs.some((line) => line.includes(`background fill done at ${TARGET}`))).toBe(true);
  });
});
