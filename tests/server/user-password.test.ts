/** docs/spec.md §7 Users: POST sys/user/updatePassword changes the caller's own password only. */
import { describe, expect, it } from 'vitest';
import { call, login, useTestServer } from './helpers';

const backend = useTestServer();

const URL = '/api/sys/user/updatePassword';

describe('POST /sys/user/updatePassword', () => {
  it('refuses a caller without a token', async () => {
    const response = await call(backend.app, 'POST', URL, { body: { username: 'clerk', oldpassword: '123456', password: 'abcdef', confirmpassword: 'abcdef' } });
    expect(response.status).toBe(401);
  });

  it("refuses to change another user's password", async () => {
    const { token } = await login(backend.app, 'clerk');
    const response = await call(backend.app, 'POST', URL, { token, body: { username: 'admin', oldpassword: '123456', password: 'abcdef', confirmpassword: 'abcdef' } });
    expect(response.status).toBe(403);
    expect(response.body.success).toBe(false);
    await login(backend.app, 'admin', '123456');
  });

  it('rejects a wrong old password, a mismatch and a too short or too long password', async () => {
    const { token } = await login(backend.app, 'clerk');
    const send = (body: Record<string, string>) => call(backend.app, 'POST', URL, { token, body: { username: 'clerk', ...body } });
    const wrongOld = await send({ oldpassword: 'nope-nope', password: 'abcdef', confirmpassword: 'abcdef' });
    expect(wrongOld.body).toMatchObject({ success: false, message: '旧密码输入错误!' });
    const mismatch = await send({ oldpassword: '123456', password: 'abcdef', confirmpassword: 'abcdeg' });
    expect(mismatch.body).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    const short = await send({ oldpassword: '123456', password: 'abcde', confirmpassword: 'abcde' });
    expect(short.body).toMatchObject({ success: false, message: '密码长度应为6到64位' });
    const long = 'x'.repeat(65);
    const tooLong = await send({ oldpassword: '123456', password: long, confirmpassword: long });
    expect(tooLong.body).toMatchObject({ success: false, message: '密码长度应为6到64位' });
    await login(backend.app, 'clerk', '123456');
  });

  it('changes the password, keeps the calling session and revokes the others', async () => {
    const other = await login(backend.app, 'clerk');
    const current = await login(backend.app, 'clerk');
    const response = await call(backend.app, 'POST', URL, {
      token: current.token,
      body: { username: 'clerk', oldpassword: '123456', password: 'n3w-secret', confirmpassword: 'n3w-secret' },
    });
    expect(response.body).toMatchObject({ success: true, message: '密码修改成功！' });

    const stillIn = await call(backend.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: current.token });
    expect(stillIn.status).toBe(200);
    const revoked = await call(backend.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: other.token });
    expect(revoked.status).toBe(401);

    const oldLogin = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: '123456' } });
    expect(oldLogin.body.success).toBe(false);
    await login(backend.app, 'clerk', 'n3w-secret');
  });

  it('slows down guessing of the old password', async () => {
    const { token } = await login(backend.app, 'admin');
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last = await call(backend.app, 'POST', URL, { token, body: { username: 'admin', oldpassword: `guess-${attempt}`, password: 'abcdef', confirmpassword: 'abcdef' } });
    }
    expect(last?.status).toBe(429);
  }, 30_000);
});
