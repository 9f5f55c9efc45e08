/** The shop's side of the browser tests of the trade plugins (orders, reviews): calls in tenant 1 (the admin's shop), a member who orders and pays. */
import { expect } from 'vitest';
import { apiToken, serverLog, shopCall } from './support';

export type Headers = Record<string, string>;

/** One call in tenant 1 with the given auth headers (the admin's token, or a member's bearer); throws on a refusal. */
export const call = shopCall;

export const adminHeaders = async (): Promise<Headers> => ({ 'X-Access-Token': await apiToken() });

/** The newest SMS code the server logged for this mobile, once there is one after `before` codes. */
async function smsCode(mobile: string, before: number): Promise<string> {
  const codes = () => [...serverLog().matchAll(new RegExp(`SMS code for ${mobile}: (\\d{6})`, 'g'))].map((match) => match[1] ?? '');
  await expect.poll(() => codes().length).toBeGreaterThan(before);
  return codes().at(-1) ?? '';
}

/** An on-sale seeded SKU with at least one piece not reserved. */
export async function seededSku(admin: Headers): Promise<string> {
  const spus = await call<{ records: Array<{ id: string }> }>(admin, 'GET', '/goods/goodsSpu/list?status=1&pageSize=50');
  for (const spu of spus.records) {
    const detail = await call<{ skus: Array<{ id: string; stock: number; lockStock: number }> }>(admin, 'GET', `/goods/goodsSpu/queryById?id=${spu.id}`);
    const sku = detail.skus.find((candidate) => candidate.stock - candidate.lockStock >= 1);
    if (sku !== undefined) return sku.id;
  }
  throw new Error('no seeded SKU in stock');
}

export interface PaidOrder {
  mobile: string;
  /** The member's bearer header. */
  member: Headers;
  order: { id: string; no: string; payPrice: number };
}

/** A new member (mobile `prefix` + 8 digits) signs in by SMS, gives an address, orders one piece of a seeded SKU and pays. */
export async function memberPaysAnOrder(admin: Headers, prefix: string, receiverName: string): Promise<PaidOrder> {
  const mobile = `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const before = [...serverLog().matchAll(new RegExp(`SMS code for ${mobile}: `, 'g'))].length;
  await call({}, 'POST', '/app/auth/sms', { mobile });
  const login = await call<{ token: string }>({}, 'POST', '/app/auth/smsLogin', { mobile, code: await smsCode(mobile, before) });
  const member = { authorization: `Bearer ${login.token}` };
  const addressId = await call<string>(member, 'POST', '/app/address/add', { name: receiverName, mobile, areaId: '110101', detailAddress: '长安街 2 号', defaultStatus: true });
  const order = await call<{ id: string; no: string; payPrice: number }>(member, 'POST', '/app/order/create', { items: [{ skuId: await seededSku(admin), count: 1 }], addressId });
  await call(member, 'POST', '/app/order/pay', { id: order.id });
  return { mobile, member, order };
}
