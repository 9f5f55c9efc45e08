/**
 * Coupons under concurrency, on the embedded database and on PostgreSQL (where transactions really overlap):
 * a template's total and a member's limit hold when many takes arrive at once, and a coupon is used by one
 * order only.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASES, useDemoServer } from '../../../../tests/server/helpers';
import { createOrder, shopper, stockedSku, take, taken, template } from './coupon-helpers';

describe.each(TEST_DATABASES)('coupons under concurrency (%s)', (database) => {
  const demo = useDemoServer({ database });
  const mobile = (index: number) => `137${database === 'postgres' ? 1 : 0}00003${String(index).padStart(2, '0')}`;
  const takenCount = async (templateId: string) => (await sql<{ n: number }>`select count(*)::int as n from cust_coupon where template_id = ${templateId}`.execute(demo.app.db)).rows[0]?.n;

  it('gives out exactly the total of 5 to 12 members taking at once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, (_unused, index) => shopper(demo, mobile(index))));
    const templateId = await template(demo, { name: '限量券', totalCount: 5, takeLimitCount: 1 });
    const results = await Promise.all(members.map((member) => take(demo, member, templateId)));
    expect(results.filter((result) => result.body.success)).toHaveLength(5);
    expect(await takenCount(templateId)).toBe(5);
  });

  it('keeps one member to the per-member limit of 2 when they take 8 times at once', async () => {
    const member = await shopper(demo, mobile(20));
    const templateId = await template(demo, { name: '每人两张', totalCount: 100, takeLimitCount: 2 });
    const results = await Promise.all(Array.from({ length: 8 }, () => take(demo, member, templateId)));
    expect(results.filter((result) => result.body.success)).toHaveLength(2);
    expect(await takenCount(templateId)).toBe(2);
  });

  it('lets one coupon pay for one of four orders placed with it at once', async () => {
    const member = await shopper(demo, mobile(30));
    const sku = await stockedSku(demo, 70, '30.00', 50);
    const coupon = await taken(demo, member, await template(demo, { name: '一次券', discountPrice: 5 }));
    const results = await Promise.all(Array.from({ length: 4 }, () => createOrder(demo, member, [{ skuId: sku.skuId, count: 1 }], { couponId: coupon })));
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    const uses = await sql<{ n: number }>`select count(*)::int as n from sale_order where coupon_id = ${coupon}`.execute(demo.app.db);
    expect(uses.rows[0]?.n).toBe(1);
  });
});
