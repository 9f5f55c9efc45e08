/**
 * The commission rules no other test pins: the base is what the buyer paid for the line without its freight,
 * and an SPU that opts in pays its SKUs' fixed amounts × count (never more than the base) instead of the rates.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useDemoServer } from '../../../../tests/server/helpers';
import { buyAndPay, makeDistributor, records, signIn, stockedSku, type Member } from './drp-helpers';

const demo = useDemoServer();

/** A distributor, a member they referred who is a distributor too, and a buyer that member referred. */
async function chain(prefix: string): Promise<{ topId: string; midId: string; buyer: Member }> {
  const top = await signIn(demo, `${prefix}1`);
  const topId = await makeDistributor(demo, top, '上上级');
  const mid = await signIn(demo, `${prefix}2`, top.memberNo);
  const midId = await makeDistributor(demo, mid, '上级');
  const buyer = await signIn(demo, `${prefix}3`, mid.memberNo);
  return { topId, midId, buyer };
}

const prices = async (distributorId: string) => (await records(demo, distributorId)).map((row) => row.price);

describe('commission rules', () => {
  it('takes the commission on the line’s pay price without its freight', async () => {
    const { topId, midId, buyer } = await chain('1390000160');
    const sku = await stockedSku(demo, 30, '10.00', 50);
    const template = await sql<{ id: string }>`select id from sale_freight_template where tenant_id = 1 and name = '全国统一运费'`.execute(demo.app.db);
    await sql`update goods_spu set delivery_template_id = ${template.rows[0]?.id ?? ''}, sub_commission_type = false where id = (select spu_id from goods_sku where id = ${sku})`.execute(demo.app.db);
    // 2 × 10.00 = 20.00 of goods and 15.00 of freight (10 for the first piece, 5 for the second): 35.00 paid.
    const order = await buyAndPay(demo, buyer, [{ skuId: sku, count: 2 }]);
    expect(order.lines).toEqual([expect.objectContaining({ pay_price: '35.00', delivery_price: '15.00' })]);
    // 10 % and 5 % of 20.00 — not of 35.00 (3.50 and 1.75).
    expect(await prices(midId)).toEqual(['2.00']);
    expect(await prices(topId)).toEqual(['1.00']);
  });

  it('pays the SKU’s fixed commission × count when its SPU opts in, capped at the line’s base', async () => {
    const { topId, midId, buyer } = await chain('1390000161');
    const sku = await stockedSku(demo, 31, '20.00', 50);
    await sql`update goods_spu set sub_commission_type = true, delivery_template_id = null where id = (select spu_id from goods_sku where id = ${sku})`.execute(demo.app.db);
    await sql`update goods_sku set first_brokerage_price = 1.50, second_brokerage_price = 0.80 where id = ${sku}`.execute(demo.app.db);
    await buyAndPay(demo, buyer, [{ skuId: sku, count: 3 }]);
    // 1.50 × 3 and 0.80 × 3, whatever the level's 10 % / 5 % would give (6.00 / 3.00).
    expect(await prices(midId)).toEqual(['4.50']);
    expect(await prices(topId)).toEqual(['2.40']);

    // A fixed amount above what the line paid pays the line's base (2 × 20.00 = 40.00), not 2 × 30.00.
    await sql`update goods_sku set first_brokerage_price = 30.00, second_brokerage_price = 0 where id = ${sku}`.execute(demo.app.db);
    await buyAndPay(demo, buyer, [{ skuId: sku, count: 2 }]);
    expect(await prices(midId)).toEqual(['4.50', '40.00']);
    // A fixed amount of 0 pays nothing at that level (no zero row).
    expect(await prices(topId)).toEqual(['2.40']);
  });
});
