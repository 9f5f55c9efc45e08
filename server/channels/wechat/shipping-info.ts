/**
 * The body of WeChat's 发货信息录入 (uploadShippingInfo, POST /wxa/sec/order/upload_shipping_info): a mini-program
 * order paid through WeChat Pay has its money frozen until the shop tells WeChat how the goods left. Built here
 * from our own names so that callers (the orders plugin's job) never spell WeChat's wire fields.
 */
import { WechatApiFailure } from './failure';

export const UPLOAD_SHIPPING_INFO_API = '/wxa/sec/order/upload_shipping_info';

/** 物流模式 (logistics_type): 1 快递, 2 同城配送, 3 虚拟商品, 4 用户自提. */
export const WECHAT_LOGISTICS = { express: 1, sameCity: 2, virtual: 3, pickup: 4 } as const;
export type WechatLogisticsType = (typeof WECHAT_LOGISTICS)[keyof typeof WECHAT_LOGISTICS];

/** 发货模式 1 统一发货: one package for the whole payment (分拆发货 is not used by this shop). */
const UNIFIED_DELIVERY = 1;
/** WeChat's delivery id (get_delivery_list) for 顺丰速运, the one company for which a contact is required. */
export const WECHAT_SF_DELIVERY_ID = 'SF';
/** item_desc holds at most 120 characters. */
const ITEM_DESC_MAX = 120;
/** tracking_no holds 1 to 128 bytes. */
const TRACKING_NO_MAX = 128;

/** Which payment the shipment is for: WeChat Pay's transaction id (type 2), or our merchant id and out_trade_no (type 1). */
export type WechatOrderKey = { transactionId: string } | { mchId: string; outTradeNo: string };

export interface ShippingInfoInput {
  order: WechatOrderKey;
  logisticsType: WechatLogisticsType;
  /** What was sent, e.g. `保温杯*1 茶叶*2`; cut to 120 characters. */
  itemDesc: string;
  /** The waybill number: required for express (logistics type 1), not sent otherwise. */
  trackingNo?: string | null;
  /** WeChat's delivery id of the express company (e.g. `SF`, `YTO`, `ZTO`; see get_delivery_list), not our own code. */
  expressCompany?: string | null;
  /** The receiver's phone, sent masked (`138****1234`) and only when WeChat requires a contact (顺丰). */
  receiverMobile?: string | null;
  /** The payer's openid in this mini-program (the member's, from their WeChat login). */
  payerOpenid: string;
  /** When the shop shipped; WeChat orders uploads for one payment by this time. Default: now. */
  uploadTime?: Date;
}

/** `2022-12-15T13:29:35.120+08:00`: RFC 3339 in China time (no daylight saving, so a fixed +08:00 is exact). */
export function chinaRfc3339(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
}

/** Masks a phone as WeChat asks (the last four digits shown): `13800001234` → `138****1234`, others `****1234`. */
export function maskContact(phone: string): string {
  const digits = phone.trim();
  if (/^1\d{10}$/.test(digits)) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  return `****${digits.slice(-4)}`;
}

function cut(text: string, max: number): string {
  const characters = Array.from(text.trim());
  return characters.length <= max ? characters.join('') : characters.slice(0, max).join('');
}

/** The request body; refuses (kind `input`) what WeChat would refuse for want of a field, before anything is sent. */
export function shippingInfoBody(input: ShippingInfoInput): Record<string, unknown> {
  const refuse = (detail: string) => WechatApiFailure.input(UPLOAD_SHIPPING_INFO_API, detail);
  const orderKey =
    'transactionId' in input.order
      ? { order_number_type: 2, transaction_id: input.order.transactionId }
      : { order_number_type: 1, mchid: input.order.mchId, out_trade_no: input.order.outTradeNo };
  if ('transactionId' in input.order ? input.order.transactionId.trim() === '' : input.order.mchId.trim() === '' || input.order.outTradeNo.trim() === '') {
    throw refuse('缺少支付单号');
  }
  if (!Object.values(WECHAT_LOGISTICS).includes(input.logisticsType)) throw refuse(`物流模式 ${String(input.logisticsType)} 不存在`);
  if (input.payerOpenid.trim() === '') throw refuse('缺少支付者 openid');
  const itemDesc = cut(input.itemDesc, ITEM_DESC_MAX);
  if (itemDesc === '') throw refuse('缺少商品信息');
  const shipping: Record<string, unknown> = { item_desc: itemDesc };
  if (input.logisticsType === WECHAT_LOGISTICS.express) {
    const trackingNo = input.trackingNo?.trim() ?? '';
    const company = input.expressCompany?.trim() ?? '';
    if (trackingNo === '' || Buffer.byteLength(trackingNo) > TRACKING_NO_MAX) throw refuse('快递发货需要物流单号（1 到 128 个字节）');
    if (company === '') throw refuse('快递发货需要物流公司编码');
    shipping.tracking_no = trackingNo;
    shipping.express_company = company;
    if (company === WECHAT_SF_DELIVERY_ID) {
      const mobile = input.receiverMobile?.trim() ?? '';
      if (mobile.length < 4) throw refuse('顺丰快递需要收件人联系方式');
      shipping.contact = { receiver_contact: maskContact(mobile) };
    }
  }
  return {
    order_key: orderKey,
    logistics_type: input.logisticsType,
    delivery_mode: UNIFIED_DELIVERY,
    shipping_list: [shipping],
    upload_time: chinaRfc3339(input.uploadTime ?? new Date()),
    payer: { openid: input.payerOpenid.trim() },
  };
}
