/** Automatic level upgrades (docs/reference/business-domains.md §5 level tasks): conditions met → the highest such level, never down. */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useDemoServer } from '../../../../tests/server/helpers';
import { qualifies } from '../../server/level-upgrade';
import { buyAndPay, makeDistributor, signIn, staff, stockedSku } from './drp-helpers';

const demo = useDemoServer();

const levelOf = async (distributorId: string) =>
  (await sql<{ name: string; self_spend: string }>`select l.name, d.self_spend::text as self_spend from drp_distributor d join drp_level l on l.id = d.level_id where d.id = ${distributorId}`.execute(demo.app.db)).rows[0];

describe('level conditions', () => {
  it('need every set condition met, and a level without any is never reached by itself', () => {
    const progress = { invites: 3, selfSpend: new Decimal('150.00'), teamOrders: 2 };
    expect(qualifies({ invite_count: 3, self_spend: '150.00', team_orders: 2 }, progress)).toBe(true);
    expect(qualifies({ invite_count: 4, self_spend: null, team_orders: null }, progress)).toBe(false);
    expect(qualifies({ invite_count: 0, self_spend: '150.01', team_orders: 0 }, progress)).toBe(false);
    expect(qualifies({ invite_count: 0, self_spend: '0', team_orders: 0 }, progress)).toBe(false);
  });
});

describe('automatic upgrades', () => {
  it('moves a distributor up once its invited member pays an order, to the highest level it meets, and counts its own orders as 自购金额', async () => {
    const added = await staff(demo, 'drpLevel/add', { name: '推广达人', grade: 7, firstPercent: 12, secondPercent: 6, inviteCount: 1, selfSpend: 0, teamOrders: 1, status: '1' });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const unreachable = await staff(demo, 'drpLevel/add', { name: '超级达人', grade: 9, firstPercent: 30, secondPercent: 10, inviteCount: 1, selfSpend: 100000, teamOrders: 1, status: '1' });
    expect(unreachable.body.success).toBe(true);

    const top = await signIn(demo, '13900001701');
    const topId = await makeDistributor(demo, top, '达人');
    expect((await levelOf(topId))?.name).toBe('普通分销商');
    const buyer = await signIn(demo, '13900001702', top.memberNo);
    const sku = await stockedSku(demo, 30, '88.00', 20);
    await buyAndPay(demo, buyer, [{ skuId: sku, count: 1 }]);
    expect((await levelOf(topId))?.name).toBe('推广达人');

    // The distributor's own orders count as 自购金额.
    const own = await buyAndPay(demo, top, [{ skuId: sku, count: 1 }]);
    const paid = await sql<{ pay_price: string }>`select pay_price::text from sale_order where id = ${own.id}`.execute(demo.app.db);
    expect(await levelOf(topId)).toEqual({ name: '推广达人', self_spend: new Decimal(paid.rows[0]?.pay_price ?? 0).toFixed(2) });
  });
});
