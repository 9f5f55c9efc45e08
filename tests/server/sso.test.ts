import { describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/contracts/session';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();

async function issue(username: string): Promise<string> {
  const response = await call<{ ticket: string }>(demo.app, 'POST', '/api/sys/sso/ticket', { token: demo.admin, body: { username } });
  expect(response.body.success).toBe(true);
  return response.body.result.ticket;
}

describe('one-time login tickets', () => {
  it('needs system:sso:issue: the clerk gets 403', async () => {
    const response = await call(demo.app, 'POST', '/api/sys/sso/ticket', { token: demo.clerk, body: { username: 'clerk' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
  });

  it('needs a session at all', async () => {
    expect((await call(demo.app, 'POST', '/api/sys/sso/ticket', { body: { username: 'clerk' } })).status).toBe(401);
  });

  it('the admin gets a 32-hex ticket, stored only hashed', async () => {
    const ticket = await issue('clerk');
    expect(ticket).toMatch(/^[0-9a-f]{32}$/);
    const rows = await demo.app.db.selectFrom('login_tickets').select('ticket_hash').execute();
    expect(rows.some((row) => row.ticket_hash.includes(ticket))).toBe(false);
  });

  it('refuses a ticket for an unknown user', async () => {
    const response = await call(demo.app, 'POST', '/api/sys/sso/ticket', { token: demo.admin, body: { username: 'ghost' } });
    expect(response.body.success).toBe(false);
  });

  it('third-party login: a ticket logs in once', async () => {
    const ticket = await issue('clerk');
    const first = await call<LoginResult>(demo.app, 'GET', `/api/thirdLogin/getLoginUser/${ticket}`);
    expect(first.body).toMatchObject({ success: true, code: 200 });
    expect(first.body.result.userInfo.username).toBe('clerk');
    expect((await call(demo.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: first.body.result.token })).status).toBe(200);

    const second = await call(demo.app, 'GET', `/api/thirdLogin/getLoginUser/${ticket}`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ success: false, message: '登录凭证无效或已过期' });
  });

  it('CAS validation: a ticket logs in once, via either endpoint', async () => {
    const ticket = await issue('admin');
    const first = await call<LoginResult>(demo.app, 'GET', `/api/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent('http://localhost/')}`);
    expect(first.body.success).toBe(true);
    expect(first.body.result.token).toBeTruthy();
    expect(first.body.result.userInfo.username).toBe('admin');
    const again = await call(demo.app, 'GET', `/api/cas/client/validateLogin?ticket=${ticket}`);
    expect(again.body).toMatchObject({ success: false, message: '登录凭证无效或已过期' });
    const other = await call(demo.app, 'GET', `/api/thirdLogin/getLoginUser/${ticket}`);
    expect(other.body.success).toBe(false);
  });

  it('an expired or made-up ticket fails', async () => {
    const ticket = await issue('clerk');
    await demo.app.db.updateTable('login_tickets').set({ expires_at: new Date(Date.now() - 1000) }).where('used', '=', false).execute();
    expect((await call(demo.app, 'GET', `/api/thirdLogin/getLoginUser/${ticket}`)).body.message).toBe('登录凭证无效或已过期');
    expect((await call(demo.app, 'GET', `/api/thirdLogin/getLoginUser/${'0'.repeat(32)}`)).body.success).toBe(false);
    expect((await call(demo.app, 'GET', `/api/thirdLogin/getLoginUser/x' or '1'='1`)).body.success).toBe(false);
    expect((await call(demo.app, 'GET', '/api/cas/client/validateLogin')).body.success).toBe(false);
  });

  it('keeps tickets out of the request log', () => {
    expect(demo.server.logs.join('\n')).not.toMatch(/getLoginUser\/[0-9a-f]{32}/);
  });
});
