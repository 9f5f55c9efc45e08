import { sql, type Transaction } from 'kysely';
import { formatShopTime, type AppContext, type Database } from '../../../../server/kit';
import { CONDITION_TYPE, PACKET_STATUS, PRODUCT_SCOPE } from '../../campaign-entities';
import { addCampaign, closeCampaign, type CampaignActor } from './service';
import { addPacket, issuePacket } from '../packets/service';

/**
 * Demo campaigns of the admin's shop (tenant 1) in every time status — not started, running, ended and
 * closed — and a coupon packet with one issue record, all made through the campaign and packet services.
 * The running campaign's threshold is high (满 20000 元) so ordinary carts are priced as before.
 */

const SHOP: CampaignActor = { tenantId: 1, operator: 'admin' };
const DAY = 24 * 60 * 60 * 1000;
/** The shop's wall clock `offsetDays` from now, to the minute, as staff enter it. */
const at = (offsetDays: number) => `${formatShopTime(Date.now() + offsetDays * DAY).slice(0, 16)}:00`;

/** A coupon template of the shop the packet can hold (the coupons part seeds them first), if any. */
async function someTemplate(trx: Transaction<Database>): Promise<string | null> {
  const exists = await sql<{ found: string | null }>`select to_regclass('mkt_coupon_template')::text as found`.execute(trx);
  if (exists.rows[0]?.found === null || exists.rows[0]?.found === undefined) return null;
  const found = await sql<{ id: string }>`select id from mkt_coupon_template where tenant_id = ${SHOP.tenantId} and status = '1' order by create_time, id limit 1`.execute(trx);
  return found.rows[0]?.id ?? null;
}

export async function seedCampaignDemo(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  const amount = { conditionType: CONDITION_TYPE.amount, productScope: PRODUCT_SCOPE.all };
  await addCampaign(trx, ctx, SHOP, {
    name: '双十二满减（预告）',
    startTime: at(10),
    endTime: at(20),
    ...amount,
    rules: [
      { limit: 199, discountPrice: 20, freeDelivery: true },
      { limit: 399, discountPrice: 50, freeDelivery: true, point: 100 },
    ],
  });
  await addCampaign(trx, ctx, SHOP, {
    name: '大额满减送',
    startTime: at(-5),
    endTime: at(60),
    ...amount,
    rules: [{ limit: 20000, discountPrice: 1000, freeDelivery: true, point: 500 }],
  });
  await addCampaign(trx, ctx, SHOP, {
    name: '国庆满件送积分',
    startTime: at(-60),
    endTime: at(-50),
    conditionType: CONDITION_TYPE.count,
    productScope: PRODUCT_SCOPE.all,
    rules: [{ limit: 3, discountPrice: 0, freeDelivery: true, point: 200 }],
  });
  const closed = await addCampaign(trx, ctx, SHOP, {
    name: '秋季清仓满减',
    startTime: at(-20),
    endTime: at(30),
    ...amount,
    rules: [{ limit: 300, discountPrice: 30 }],
  });
  await closeCampaign(trx, SHOP, closed);

  const template = await someTemplate(trx);
  const packet = await addPacket(trx, SHOP, {
    name: '新人礼包',
    price: 0,
    point: 100,
    totalCount: 1000,
    limitPerMember: 1,
    startTime: at(-30),
    endTime: at(90),
    status: PACKET_STATUS.enabled,
    contents: template === null ? [] : [{ templateId: template, count: 1 }],
  });
  const [memberId] = await ctx.services.get('members').enabledMembers(trx, SHOP.tenantId, 1);
  if (memberId !== undefined) await issuePacket(trx, ctx, SHOP, { packageId: packet, memberId });
}
