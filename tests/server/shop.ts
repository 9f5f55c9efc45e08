/**
 * The shop's side of the domain tests (orders, marketing, distribution): calls in tenant 1, the admin's
 * shop, and a member signed in to the mini-program by SMS with an address — the customers plugin's
 * `/app/auth/*` and `/app/address/*` calls, which every domain that sells builds on.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from './helpers';

export const T1 = { 'tenant-id': '1' };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Shopper {
  token: string;
  memberId: string;
  /** The member number: another member's invite code. */
  memberNo: string;
  addressId: string;
  /** The member's bearer header. */
  headers: Record<string, string>;
}

/** The newest SMS code the demo server logged for a mobile (SMS_MODE=log). */
function lastCode(demo: DemoServer, mobile: string): string {
  const line = [...demo.server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  return line.slice(`SMS code for ${mobile}: `.length);
}

/** Signs a new member in (tenant 1), with an invite code when given, and gives them an address. */
export async function shopper(demo: DemoServer, mobile: string, inviteCode?: string): Promise<Shopper> {
  await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers: T1 });
  const login = await call<{ token: string; member: { id: string } }>(demo.app, 'POST', '/api/app/auth/smsLogin', {
    body: { mobile, code: lastCode(demo, mobile), ...(inviteCode === undefined ? {} : { inviteCode }) },
    headers: T1,
  });
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  const headers = bearer(login.body.result.token);
  const address = await call<string>(demo.app, 'POST', '/api/app/address/add', {
    body: { name: '张三', mobile, areaId: '110101', detailAddress: '长安街 1 号', defaultStatus: true },
    headers,
  });
  expect(address.body.success, JSON.stringify(address.body)).toBe(true);
  const memberId = login.body.result.member.id;
  const found = await sql<{ member_no: string }>`select member_no from cust_member where id = ${memberId}`.execute(demo.app.db);
  return { token: login.body.result.token, memberId, memberNo: found.rows[0]?.member_no ?? '', addressId: address.body.result, headers };
}
