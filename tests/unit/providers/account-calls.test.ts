import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_MODE } from '../../../src/contracts/account';
import { API } from '../../../src/contracts/api-paths';
import { checkResetCode, register, resetPassword, sendSmsCode } from '../../../src/providers/auth-provider';
import { setHttpPresenter } from '../../../src/providers/http';
import { resetHttpErrorState } from '../../../src/providers/http/error-handler';
import { fail, mockServer, ok, spyPresenter } from './mock-adapter';

beforeEach(() => {
  resetHttpErrorState();
  spyPresenter();
});
afterEach(() => {
  setHttpPresenter(null);
});

describe('self-service account calls', () => {
  it('sends the SMS purpose as smsmode', async () => {
    const server = mockServer(() => ({ status: 200, data: ok(null) }));
    await sendSmsCode('13700000000', SMS_MODE.forget);
    expect(server.call(0).url).toBe(API.sms);
    expect(JSON.parse(String(server.call(0).data))).toEqual({ mobile: '13700000000', smsmode: '2' });
  });

  it('shows the server words of a refused send (429), not the transport error', async () => {
    mockServer(() => ({ status: 429, data: fail('验证码发送过于频繁，请稍后再试', 429) }));
    await expect(sendSmsCode('13700000000', SMS_MODE.register)).rejects.toThrow('验证码发送过于频繁，请稍后再试');
  });

  it('registers and resolves to the user name; a refusal throws its message', async () => {
    const server = mockServer(() => ({ status: 200, data: ok({ username: 'neo' }) }));
    const body = { username: 'neo', password: 'Secret2024', phone: '13700000000', smscode: '123456' };
    await expect(register(body)).resolves.toBe('neo');
    expect(server.call(0).url).toBe(API.register);
    expect(JSON.parse(String(server.call(0).data))).toEqual(body);
    mockServer(() => ({ status: 200, data: fail('用户名已存在') }));
    await expect(register(body)).rejects.toThrow('用户名已存在');
  });

  it('trades a code for a ticket and resets the password with it', async () => {
    const server = mockServer((config) =>
      config.url === API.forgePasswordCheck ? { status: 200, data: ok({ ticket: 'a'.repeat(32) }) } : { status: 200, data: ok(null) },
    );
    const ticket = await checkResetCode('13700000000', '123456');
    expect(ticket).toBe('a'.repeat(32));
    expect(JSON.parse(String(server.call(0).data))).toEqual({ phone: '13700000000', smscode: '123456' });
    await resetPassword({ ticket, password: 'NewSecret9', confirmpassword: 'NewSecret9' });
    expect(server.call(1).url).toBe(API.forgePassword);
    expect(JSON.parse(String(server.call(1).data))).toEqual({ ticket, password: 'NewSecret9', confirmpassword: 'NewSecret9' });
    mockServer(() => ({ status: 200, data: fail('重置凭证无效或已过期，请重新验证手机号') }));
    await expect(resetPassword({ ticket, password: 'x', confirmpassword: 'x' })).rejects.toThrow('重置凭证无效或已过期');
  });
});
