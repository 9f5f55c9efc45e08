import { sql, type Kysely } from 'kysely';
import { WECHAT_LOGISTICS, WechatApiFailure, type Database, type ShippingInfoInput, type WechatLogisticsType } from '../../../../server/kit';
import { DELIVERY_TYPE } from '../../entities';
import { PAY_STATUS, WX_SHIPPING } from '../dicts';
import type { OrderDeps } from '../sales/service';

/**
 * 微信发货信息录入: WeChat holds the money of a mini-program order paid through WeChat Pay until the shop records how its
 * goods left (express with the waybill, pickup, or no shipping). Recorded outside the 发货 transaction — a shipment is
 * never refused because WeChat is slow — by a pass that runs right after a 发货 and every minute as a job; a failure
 * is kept on the order (录入失败 and why) and tried again after 1, 5, 15, 60 minutes, 3 and 12 hours, or at once by hand.
 */

const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 720] as const;
const BATCH = 100;
export const MSG_WECHAT_NOT_CONFIGURED = '微信小程序未配置（WECHAT_APP_ID、WECHAT_APP_SECRET）';
export const MSG_NO_TRANSACTION = '找不到该订单的微信支付交易号';
export const MSG_NO_PAYER = '买家没有微信登录，无法录入';
export const MSG_SHIPPING_RECORDED = '已录入微信发货信息';
export const MSG_SHIPPING_NOT_DUE = '该订单不需要录入微信发货信息（未通过微信支付或尚未发货）';
export const msgShippingFailed = (reason: string) => `录入失败：${reason}`;

/** WeChat's delivery ids (get_delivery_list) where they differ from the short codes the shop's express companies carry. */
const WECHAT_DELIVERY_ID: Readonly<Record<string, string>> = { JT: 'JTSD', JTEXPRESS: 'JTSD', DEPPON: 'DBL', YUNDA: 'YD', SFEXPRESS: 'SF', CHINAPOST: 'EMS' };

function deliveryIdOf(code: string | null): string {
  const upper = (code ?? '').trim().toUpperCase();
  return WECHAT_DELIVERY_ID[upper] ?? upper;
}

function logisticsOf(deliveryType: string | null): WechatLogisticsType {
  if (deliveryType === DELIVERY_TYPE.pickUp) return WECHAT_LOGISTICS.pickup;
  if (deliveryType === DELIVERY_TYPE.none) return WECHAT_LOGISTICS.virtual;
  return WECHAT_LOGISTICS.express;
}

interface DueOrder {
  id: string;
  tenant_id: number;
  member_id: string | null;
  delivery_type: string | null;
  logistics_no: string | null;
  express_code: string | null;
  receiver_mobile: string | null;
  delivery_time: Date;
  wx_shipping_attempts: number;
}

async function inputOf(db: Kysely<Database>, deps: OrderDeps, order: DueOrder): Promise<ShippingInfoInput | string> {
  const trade = await sql<{ channel_trade_no: string | null }>`select channel_trade_no from sale_pay_record
    where order_id = ${order.id} and tenant_id = ${order.tenant_id} and channel = 'wechat' and status = ${PAY_STATUS.success} order by success_time desc limit 1`.execute(db);
  const transactionId = trade.rows[0]?.channel_trade_no ?? '';
  if (transactionId === '') return MSG_NO_TRANSACTION;
  const openid = order.member_id === null ? null : await deps.members.openidOf(db, order.tenant_id, order.member_id);
  if (openid === null) return MSG_NO_PAYER;
  const lines = await sql<{ spu_name: string | null; count: number }>`select spu_name, count from sale_order_item where order_id = ${order.id} order by id`.execute(db);
  return {
    order: { transactionId },
    logisticsType: logisticsOf(order.delivery_type),
    itemDesc: lines.rows.map((line) => `${line.spu_name ?? ''}*${line.count}`).join(' '),
    trackingNo: order.logistics_no,
    expressCompany: deliveryIdOf(order.express_code),
    receiverMobile: order.receiver_mobile,
    payerOpenid: openid,
    uploadTime: order.delivery_time,
  };
}

async function record(db: Kysely<Database>, order: DueOrder, error: string | null): Promise<void> {
  if (error === null) {
    await sql`update sale_order set wx_shipping_status = ${WX_SHIPPING.recorded}, wx_shipping_error = null, wx_shipping_next_at = null,
      wx_shipping_attempts = wx_shipping_attempts + 1 where id = ${order.id}`.execute(db);
    return;
  }
  const wait = BACKOFF_MINUTES[order.wx_shipping_attempts];
  // After the last wait the job stops asking; 重新录入 on the order still can.
  const next = wait === undefined ? null : new Date(Date.now() + wait * 60_000);
  await sql`update sale_order set wx_shipping_status = ${WX_SHIPPING.failed}, wx_shipping_error = ${error.slice(0, 255)}, wx_shipping_next_at = ${next},
    wx_shipping_attempts = wx_shipping_attempts + 1 where id = ${order.id}`.execute(db);
}

/**
 * Records the shipments due (or the one order named, whatever its schedule): delivered orders paid through WeChat Pay
 * whose shipment is 待录入, or 录入失败 and due again.
 */
export async function recordWechatShipments(db: Kysely<Database>, deps: OrderDeps, only?: { tenantId: number; orderId: string }): Promise<{ recorded: number; failed: number }> {
  const which = only === undefined ? sql`(wx_shipping_next_at is null or wx_shipping_next_at <= now())` : sql`o.id = ${only.orderId} and o.tenant_id = ${only.tenantId}`;
  const due = await sql<DueOrder>`select o.id, o.tenant_id, o.member_id, o.delivery_type, o.logistics_no, e.code as express_code, o.receiver_mobile, o.delivery_time,
      o.wx_shipping_attempts from sale_order o left join sale_express e on e.id = o.express_id
    where o.pay_channel = 'wechat' and o.delivery_time is not null and o.wx_shipping_status in (${WX_SHIPPING.pending}, ${WX_SHIPPING.failed}) and ${which}
    order by o.delivery_time limit ${BATCH}`.execute(db);
  let recorded = 0;
  let failed = 0;
  for (const order of due.rows) {
    const input = deps.wechat === null ? MSG_WECHAT_NOT_CONFIGURED : await inputOf(db, deps, order);
    let error: string | null = typeof input === 'string' ? input : null;
    if (typeof input !== 'string' && deps.wechat !== null) {
      try {
        await deps.wechat.uploadShippingInfo(input);
      } catch (failure) {
        if (!(failure instanceof WechatApiFailure)) throw failure;
        error = failure.message;
      }
    }
    await record(db, order, error);
    if (error === null) recorded += 1;
    else failed += 1;
  }
  return { recorded, failed };
}

