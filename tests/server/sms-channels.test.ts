/**
 * SMS codes through Aliyun SMS and Tencent Cloud SMS (SMS_MODE=aliyun | tencent), each against a local fake of
 * the service that verifies the SDK's signatures (tests/support/fakes): the staff and member code routes, the
 * refusals (bad signature, a provider's limit, no answer in time), and the configuration checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, MSG_SMS_FAILED } from '../../server/channels/sms';
import { ConfigError, loadConfig } from '../../server/config';
import { API } from '../../src/contracts/api-paths';
import { startAliyunSmsFake, type AliyunSmsFake } from '../support/fakes/aliyun-sms-fake';
import { startTencentSmsFake, type TencentSmsFake } from '../support/fakes/tencent-sms-fake';
import { call, startTestServer, type TestServer } from './helpers';

const T1 = { 'tenant-id': '1' };
const ADMIN_PHONE = '13800000000';
const TIMEOUT_MS = 1500;
const MSG_SMS_SENT = '验证码已发送';
const MSG_PHONE_LOGIN_FAILED = '手机号或验证码错误';

/** What a test needs of either fake. */
interface Harness {
  name: 'aliyun' | 'tencent';
  start(): Promise<void>;
  stop(): Promise<void>;
  env(): Record<string, string>;
  /** The service's secret for our key, as it is now. */
  secret(): string;
  /** Changes the service's secret: ours, still configured, signs wrong. */
  rotateSecret(secret?: string): void;
  /** The messages the fake took for a mobile: sign name, template and the code. */
  sentTo(mobile: string): { signName: string; template: string; code: string }[];
  /** The code carried by the last request the fake received (taken or not). */
  lastRequestedCode(): string;
  failNext(): void;
  limitCode: string;
  signatureCode: string;
  hang(on: boolean): void;
  nextRequest(): Promise<unknown>;
}

function aliyunHarness(): Harness {
  let fake: AliyunSmsFake | null = null;
  const current = () => {
    if (fake === null) throw new Error('the Aliyun fake is not started');
    return fake;
  };
  return {
    name: 'aliyun',
    start: async () => {
      fake = await startAliyunSmsFake();
    },
    stop: async () => fake?.close(),
    env: () => current().env(),
    rotateSecret: (secret) => current().rotateSecret(secret),
    secret: () => current().accessKeySecret,
    sentTo: (mobile) => current().sent.filter((message) => message.mobile === mobile).map((message) => ({ signName: message.signName, template: message.templateCode, code: message.params.code ?? '' })),
    lastRequestedCode: () => {
      const last = current().requests.at(-1);
      const param = last === undefined ? null : new URL(last.url, current().origin).searchParams.get('TemplateParam');
      return param === null ? '' : ((JSON.parse(param) as { code?: string }).code ?? '');
    },
    failNext: () => current().failNext(),
    limitCode: 'isv.BUSINESS_LIMIT_CONTROL',
    signatureCode: 'SignatureDoesNotMatch',
    hang: (on) => current().hang(on),
    nextRequest: () => current().nextRequest(),
  };
}

function tencentHarness(): Harness {
  let fake: TencentSmsFake | null = null;
  const current = () => {
    if (fake === null) throw new Error('the Tencent fake is not started');
    return fake;
  };
  return {
    name: 'tencent',
    start: async () => {
      fake = await startTencentSmsFake();
    },
    stop: async () => fake?.close(),
    env: () => current().env(),
    rotateSecret: (secret) => current().rotateSecret(secret),
    secret: () => current().secretKey,
    sentTo: (mobile) => current().sent.filter((message) => message.phoneNumber === `+86${mobile}`).map((message) => ({ signName: message.signName, template: message.templateId, code: message.params[0] ?? '' })),
    lastRequestedCode: () => {
      const last = current().requests.at(-1);
      return last === undefined ? '' : ((JSON.parse(last.body) as { TemplateParamSet?: string[] }).TemplateParamSet?.[0] ?? '');
    },
    failNext: () => current().failNextNumber(),
    limitCode: 'LimitExceeded.PhoneNumberDailyLimit',
    signatureCode: 'AuthFailure.SignatureFailure',
    hang: (on) => current().hang(on),
    nextRequest: () => current().nextRequest(),
  };
}

async function memberSms(server: TestServer, mobile: string) {
  return call(server.app, 'POST', `/api${API.appSms}`, { body: { mobile }, headers: T1 });
}

async function memberLogin(server: TestServer, mobile: string, code: string) {
  return call<{ token: string }>(server.app, 'POST', `/api${API.appSmsLogin}`, { body: { mobile, code }, headers: T1 });
}

describe.each([aliyunHarness(), tencentHarness()])('SMS_MODE=$name', (provider) => {
  let server: TestServer;

  beforeAll(async () => {
    await provider.start();
    server = await startTestServer({ ...provider.env(), CHANNEL_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(async () => {
    await server.close();
    await provider.stop();
  });

  /** No log line holds the code or the provider's secret. */
  function expectLogClean(code: string): void {
    expect(code).toMatch(/^\d{6}$/);
    expect(server.logs.filter((line) => line.includes(code) || line.includes(provider.secret()))).toEqual([]);
    expect(server.logs.filter((line) => line.startsWith('SMS code for '))).toEqual([]);
  }

  it('sends the staff and the member code through the provider, keeps them out of the log, and they log in', async () => {
    expect(server.app.appConfig.smsMode).toBe(provider.name);

    const staff = await call(server.app, 'POST', `/api${API.sms}`, { body: { mobile: ADMIN_PHONE, smsmode: '0' } });
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ success: true, message: MSG_SMS_SENT });
    const [staffMessage] = provider.sentTo(ADMIN_PHONE);
    expect(staffMessage).toMatchObject({ signName: provider.env()[provider.name === 'aliyun' ? 'ALIYUN_SMS_SIGN_NAME' : 'TENCENT_SMS_SIGN_NAME'] });
    expect(staffMessage?.template).toBe(provider.env()[provider.name === 'aliyun' ? 'ALIYUN_SMS_TEMPLATE_CODE' : 'TENCENT_SMS_TEMPLATE_ID']);
    const staffCode = staffMessage?.code ?? '';
    expectLogClean(staffCode);
    const staffLogin = await call(server.app, 'POST', `/api${API.phoneLogin}`, { body: { mobile: ADMIN_PHONE, captcha: staffCode } });
    expect(staffLogin.body).toMatchObject({ success: true });

    const mobile = '13811110001';
    const sent = await memberSms(server, mobile);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: MSG_SMS_SENT });
    const messages = provider.sentTo(mobile);
    expect(messages).toHaveLength(1);
    const code = messages[0]?.code ?? '';
    expectLogClean(code);
    const login = await memberLogin(server, mobile, code);
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    expect(login.body.result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('answers 短信发送失败 to a provider limit, warns with its code, and the undelivered code does not log in', async () => {
    const mobile = '13811110002';
    provider.failNext();
    const sent = await memberSms(server, mobile);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: false, code: 500, message: MSG_SMS_FAILED });
    expect(MSG_SMS_FAILED).toBe('短信发送失败，请稍后重试');
    expect(provider.sentTo(mobile)).toEqual([]);
    const warned = server.logs.filter((line) => line.includes(provider.limitCode));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(provider.name);
    const code = provider.lastRequestedCode();
    expectLogClean(code);
    expect((await memberLogin(server, mobile, code)).body).toMatchObject({ success: false, message: MSG_PHONE_LOGIN_FAILED });
    // The cooldown was taken by the attempt: the user tries again after the minute.
    expect((await memberSms(server, mobile)).status).toBe(429);
  });

  it('fails within the configured timeout when the provider does not answer, and the late message does not log in', async () => {
    const mobile = '13811110003';
    provider.hang(true);
    try {
      const arrived = provider.nextRequest();
      const started = Date.now();
      const sent = await memberSms(server, mobile);
      const elapsed = Date.now() - started;
      await arrived;
      expect(sent.body).toMatchObject({ success: false, message: MSG_SMS_FAILED });
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
      expect(server.logs.filter((line) => line.includes('Timeout') && line.includes(provider.name))).toHaveLength(1);
    } finally {
      provider.hang(false);
    }
    // Released, the fake takes the message after we gave up: a timeout says nothing of delivery.
    await expect.poll(() => provider.sentTo(mobile).length).toBe(1);
    const late = provider.sentTo(mobile)[0]?.code ?? '';
    expectLogClean(late);
    expect((await memberLogin(server, mobile, late)).body).toMatchObject({ success: false, message: MSG_PHONE_LOGIN_FAILED });
  });

  it('answers 短信发送失败 when the provider refuses our signature (our secret is not the key\'s), warning with its code', async () => {
    const ours = provider.secret();
    provider.rotateSecret();
    try {
      const mobile = '13811110004';
      const sent = await memberSms(server, mobile);
      expect(sent.body).toMatchObject({ success: false, code: 500, message: MSG_SMS_FAILED });
      expect(provider.sentTo(mobile)).toEqual([]);
      const warned = server.logs.filter((line) => line.includes(provider.signatureCode));
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(provider.name);
      const code = provider.lastRequestedCode();
      expect(server.logs.filter((line) => line.includes(code) || line.includes(ours))).toEqual([]);
      expect((await memberLogin(server, mobile, code)).body).toMatchObject({ success: false, message: MSG_PHONE_LOGIN_FAILED });
      // The staff route answers the same (a register code: only free numbers get one).
      const staff = await call(server.app, 'POST', `/api${API.sms}`, { body: { mobile: '13711110005', smsmode: '1' } });
      expect(staff.body).toMatchObject({ success: false, message: MSG_SMS_FAILED });
      expect(server.logs.filter((line) => line.includes(provider.signatureCode))).toHaveLength(2);
    } finally {
      provider.rotateSecret(ours);
    }
  });
});

describe('the fakes hold to the protocols', () => {
  let aliyun: AliyunSmsFake;
  let tencent: TencentSmsFake;
  const log = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    aliyun = await startAliyunSmsFake();
    tencent = await startTencentSmsFake();
  });
  afterAll(async () => {
    await aliyun.close();
    await tencent.close();
  });

  it('Aliyun: a replayed request (same signature nonce) and an altered one are refused', async () => {
    const sender = createSmsSender(loadConfig(aliyun.env()).channels, 2000, log);
    await sender.send('13822220001', '123456');
    expect(aliyun.sent.at(-1)).toEqual(expect.objectContaining({ mobile: '13822220001', signName: aliyun.signName, templateCode: aliyun.templateCode, params: { code: '123456' } }));
    const captured = aliyun.requests.at(-1);
    if (captured === undefined) throw new Error('no request captured');
    const auth = /^ACS3-HMAC-SHA256 Credential=(\w+),SignedHeaders=([a-z0-9;-]+),Signature=[0-9a-f]{64}$/.exec(captured.headers.authorization ?? '');
    expect(auth?.[1]).toBe(aliyun.accessKeyId);
    expect(auth?.[2]?.split(';')).toEqual(expect.arrayContaining(['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']));
    expect(captured.headers).toMatchObject({ 'x-acs-action': 'SendSms', 'x-acs-version': '2017-05-25' });
    const replay = await aliyun.resend(captured);
    expect(replay).toMatchObject({ status: 400, body: { Code: 'SignatureNonceUsed' } });
    const altered = await aliyun.resend({ ...captured, url: captured.url.replace('13822220001', '13822220002'), headers: { ...captured.headers, 'x-acs-signature-nonce': 'another-nonce' } });
    expect(altered).toMatchObject({ status: 400, body: { Code: 'SignatureDoesNotMatch' } });
    expect(aliyun.sent.filter((message) => message.mobile === '13822220002')).toEqual([]);
  });

  it('Aliyun: an unknown sign name and a malformed number answer their isv codes', async () => {
    const wrongSign = createSmsSender(loadConfig({ ...aliyun.env(), ALIYUN_SMS_SIGN_NAME: '别家商城' }).channels, 2000, log);
    await expect(wrongSign.send('13822220003', '123456')).rejects.toMatchObject({ provider: 'aliyun', providerCode: 'isv.SMS_SIGNATURE_ILLEGAL', message: MSG_SMS_FAILED });
    const sender = createSmsSender(loadConfig(aliyun.env()).channels, 2000, log);
    await expect(sender.send('1234', '123456')).rejects.toMatchObject({ providerCode: 'isv.MOBILE_NUMBER_ILLEGAL' });
  });

  it('Tencent: a request is signed for sms, is refused once its timestamp is five minutes old, and an altered one is refused', async () => {
    const sender = createSmsSender(loadConfig(tencent.env()).channels, 2000, log);
    await sender.send('13822220004', '654321');
    expect(tencent.sent.at(-1)).toEqual(expect.objectContaining({ phoneNumber: '+8613822220004', signName: tencent.signName, templateId: tencent.templateId, params: ['654321'] }));
    const captured = tencent.requests.at(-1);
    if (captured === undefined) throw new Error('no request captured');
    expect(captured.headers.authorization).toMatch(new RegExp(`^TC3-HMAC-SHA256 Credential=${tencent.secretId}/\\d{4}-\\d{2}-\\d{2}/sms/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`));
    expect(captured.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11' });
    const altered = await tencent.resend({ ...captured, body: captured.body.replace('13822220004', '13822220005') });
    expect(altered.body.Response.Error?.Code).toBe('AuthFailure.SignatureFailure');
    tencent.advanceClock(6 * 60_000);
    try {
      const replay = await tencent.resend(captured);
      expect(replay.body.Response.Error?.Code).toBe('AuthFailure.SignatureExpire');
    } finally {
      tencent.advanceClock(-6 * 60_000);
    }
    expect(tencent.sent.filter((message) => message.phoneNumber === '+8613822220005')).toEqual([]);
  });

  it('Tencent: an unknown SmsSdkAppId and a malformed number answer their codes', async () => {
    const wrongApp = createSmsSender(loadConfig({ ...tencent.env(), TENCENT_SMS_SDK_APP_ID: '1400000000' }).channels, 2000, log);
    await expect(wrongApp.send('13822220006', '123456')).rejects.toMatchObject({ provider: 'tencent', providerCode: 'InvalidParameterValue.SdkAppIdNotExist' });
    const sender = createSmsSender(loadConfig(tencent.env()).channels, 2000, log);
    await expect(sender.send('1234', '123456')).rejects.toMatchObject({ providerCode: 'InvalidParameterValue.IncorrectPhoneNumber' });
  });
});

describe('SMS configuration', () => {
  function problemsOf(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.join('\n');
    }
    throw new Error('loadConfig accepted the configuration');
  }

  it('keeps the log as the default: codes go to the server log', async () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ smsMode: 'log', channelTimeoutMs: 10_000 });
    const lines: string[] = [];
    const sender = createSmsSender(config.channels, config.channelTimeoutMs, { info: (line) => lines.push(line), warn: (line) => lines.push(line) });
    expect(sender.provider).toBe('log');
    await sender.send('13800000000', '123456');
    expect(lines).toEqual(['SMS code for 13800000000: 123456']);
  });

  it('refuses SMS_MODE=aliyun with missing variables, naming each of them', () => {
    const problems = problemsOf({ SMS_MODE: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample' });
    expect(problems).toContain('SMS_MODE=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE');
    expect(problems).not.toContain('ALIYUN_SMS_ACCESS_KEY_ID');
    expect(problemsOf({ SMS_MODE: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'a', ALIYUN_SMS_ACCESS_KEY_SECRET: 'b', ALIYUN_SMS_SIGN_NAME: 'c', ALIYUN_SMS_TEMPLATE_CODE: 'd', ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com/path' })).toMatch(/ALIYUN_SMS_ENDPOINT must be/);
  });

  it('refuses SMS_MODE=tencent with missing or malformed variables', () => {
    expect(problemsOf({ SMS_MODE: 'tencent' })).toContain('SMS_MODE=tencent needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID');
    const full = { SMS_MODE: 'tencent', TENCENT_SMS_SECRET_ID: 'AKIDx', TENCENT_SMS_SECRET_KEY: 'k', TENCENT_SMS_SDK_APP_ID: '1400006666', TENCENT_SMS_SIGN_NAME: '示例', TENCENT_SMS_TEMPLATE_ID: '1110' };
    expect(loadConfig(full).smsMode).toBe('tencent');
    expect(problemsOf({ ...full, TENCENT_SMS_SDK_APP_ID: 'app' })).toMatch(/TENCENT_SMS_SDK_APP_ID must be/);
    expect(problemsOf({ ...full, TENCENT_SMS_ENDPOINT: 'cvm.tencentcloudapi.com' })).toMatch(/TENCENT_SMS_ENDPOINT must be an sms\./);
  });

  it('refuses an unknown SMS_MODE and a timeout above 10 s', () => {
    expect(problemsOf({ SMS_MODE: 'twilio' })).toContain('SMS_MODE must be one of "log", "aliyun", "tencent" (got "twilio")');
    expect(problemsOf({ CHANNEL_TIMEOUT_MS: '60000' })).toMatch(/CHANNEL_TIMEOUT_MS must be a whole number from 100 to 10000/);
  });
});
