import { expect } from 'vitest';
import { call, login, type DemoServer } from '../../../../tests/server/helpers';
import type { LoginResult } from '../../../../src/contracts/session';

export const PASSWORD = 'Acct12345';
let counter = 0;

/** A fresh staff user with the clerk role (never admin: the tests change the user's own profile). */
export async function newUser(demo: DemoServer, realname = '个人页测试'): Promise<{ username: string; session: LoginResult }> {
  counter += 1;
  const username = `acct${Date.now() % 1_000_000}${counter}`;
  const roles = await call<{ records: Array<{ id: string }> }>(demo.app, 'GET', '/api/sys/role/list?roleCode=clerk', { token: demo.admin });
  const clerkRole = roles.body.result.records[0]?.id ?? '';
  expect(clerkRole).not.toBe('');
  const added = await call(demo.app, 'POST', '/api/sys/user/add', {
    token: demo.admin,
    body: { username, realname, password: PASSWORD, confirmpassword: PASSWORD, selectedroles: clerkRole, selecteddeparts: '' },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return { username, session: await login(demo.app, username, PASSWORD) };
}

/** The newest SMS code the demo server logged for a mobile (SMS_MODE=log). */
export function lastCode(demo: DemoServer, mobile: string): string {
  const line = [...demo.server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  return line.slice(`SMS code for ${mobile}: `.length);
}
