/**
 * The WeChat mini-program server API client (server/channels/wechat/mini-program.ts) against the local fake of
 * api.weixin.qq.com (tests/support/fakes/wechat-api-fake.ts): login codes, the shared access token (cached, renewed
 * by one instance at a time, refreshed once when WeChat refuses it), the phone number, the shipping-info upload, a
 * hanging WeChat, and no secret in any log line or message.
 */
import fs from 'node:fs';
import { inspect } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { up as createTokenTable } from '../../server/db/migrations/0018_wechat_access_token';
import type { Database } from '../../server/db/schema';
import {
  chinaRfc3339,
  WechatApiFailure,
  WechatMiniProgram,
  wechatMiniProgramSettings,
  type ShippingInfoInput,
  type WechatLogger,
  type WechatMiniProgramSettings,
} from '../../server/channels/wechat/mini-program';
import { startWechatApiFake, type WechatApiFake } from '../support/fakes/wechat-api-fake';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { SHOP_ZONE } from '../support/zones';
import { tempDir } from './helpers';

const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = '0123456789abcdef0123456789abcdef';

/** Every log line of every client, and every failure message, to prove no secret is in any of them. */
const lines: string[] = [];
const logger: WechatLogger = { info: (message) => lines.push(message), error: (message) => lines.push(message) };
/** Every token a client handed out, and the login codes' session keys are never seen by the client's callers. */
const tokensSeen = new Set<string>();

function settingsFor(fake: WechatApiFake, secret = APP_SECRET): WechatMiniProgramSettings {
  const { settings, problems } = wechatMiniProgramSettings({ WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: secret, WECHAT_API_BASE: fake.url });
  expect(problems).toEqual([]);
  if (settings === null) throw new Error('no settings');
  return settings;
}

function client(db: Kysely<Database>, fake: WechatApiFake, timeoutMs?: number, secret?: string): WechatMiniProgram {
  return new WechatMiniProgram({ db, settings: settingsFor(fake, secret), logger, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

async function failureOf(promise: Promise<unknown>): Promise<WechatApiFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WechatApiFailure)) throw new Error(`expected a WechatApiFailure, got ${String(error)}`);
  lines.push(error.message);
  return error;
}

async function token(wechat: WechatMiniProgram): Promise<string> {
  const value = await wechat.accessToken();
  tokensSeen.add(value);
  return value;
}

async function storedRow(db: Kysely<Database>): Promise<{ access_token: string; expires_at: Date } | undefined> {
  const { rows } = await sql<{ access_token: string; expires_at: Date }>`select access_token, expires_at from wechat_access_token where appid = ${APP_ID}`.execute(db);
  return rows[0];
}

const clearTokens = (db: Kysely<Database>) => sql`delete from wechat_access_token`.execute(db);

let fake: WechatApiFake;
let embedded: DatabaseHandle;
const embeddedDir = tempDir('wechat');

beforeAll(async () => {
  fake = await startWechatApiFake({ appId: APP_ID, appSecret: APP_SECRET });
  embedded = await openDatabase({ dataDir: embeddedDir, databaseUrl: null, shopTimeZone: SHOP_ZONE });
  await createTokenTable(embedded.db as unknown as Kysely<unknown>);
});

afterAll(async () => {
  await fake?.close();
  await embedded?.close();
  fs.rmSync(embeddedDir, { recursive: true, force: true });
});

describe('settings', () => {
  it('reads WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_API_BASE, naming what is wrong without the secret', () => {
    expect(wechatMiniProgramSettings({})).toEqual({ settings: null, problems: [] });
    // WECHAT_APP_ID alone (WeChat Pay's) is not WeChat login.
    expect(wechatMiniProgramSettings({ WECHAT_APP_ID: APP_ID })).toEqual({ settings: null, problems: [] });
    const good = wechatMiniProgramSettings({ WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: APP_SECRET });
    expect(good.problems).toEqual([]);
    expect(good.settings).toMatchObject({ appId: APP_ID, apiBase: 'https://api.weixin.qq.com' });
    expect(good.settings?.appSecret.reveal()).toBe(APP_SECRET);
    // The secret prints as *** however the settings are shown.
    expect(JSON.stringify(good.settings)).not.toContain(APP_SECRET);
    expect(inspect(good.settings, { depth: 5 })).not.toContain(APP_SECRET);
    expect(String(good.settings?.appSecret)).toBe('***');

    const shortSecret = 'abc123';
    const refused = wechatMiniProgramSettings({ WECHAT_APP_ID: 'gh_12345', WECHAT_APP_SECRET: shortSecret, WECHAT_API_BASE: 'http://api.example.com' });
    expect(refused.settings).toBeNull();
    expect(refused.problems).toEqual([
      'WECHAT_API_BASE must be an https:// URL without query or credentials (http:// only on a loopback host); got "http://api.example.com"',
      'WECHAT_APP_ID must be the mini-program\'s AppID ("wx" and 16 letters or digits); got "gh_12345"',
      'WECHAT_APP_SECRET must be the 32-character AppSecret (value not shown)',
    ]);
    expect(refused.problems.join('\n')).not.toContain(shortSecret);
    expect(wechatMiniProgramSettings({ WECHAT_APP_SECRET: APP_SECRET }).problems).toEqual(['WECHAT_APP_SECRET is set but WECHAT_APP_ID is not: set both for WeChat login']);
    expect(wechatMiniProgramSettings({ WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: APP_SECRET, WECHAT_API_BASE: 'http://127.0.0.1:9/wx/' }).settings?.apiBase).toBe('http://127.0.0.1:9/wx');
  });
});

describe('code2Session', () => {
  it('exchanges a login code for the openid and unionid, and drops the session key', async () => {
    const wechat = client(embedded.db, fake);
    const code = fake.controls.issueLoginCode({ openid: 'o-login-1', unionid: 'u-login-1' });
    const login = await wechat.code2Session(code);
    expect(login).toEqual({ openid: 'o-login-1', unionid: 'u-login-1' });
    const withoutUnion = await wechat.code2Session(fake.controls.issueLoginCode({ openid: 'o-login-2' }));
    expect(withoutUnion).toEqual({ openid: 'o-login-2', unionid: null });

    // Each code works once: 40163 the second time; an unknown code is 40029.
    const used = await failureOf(wechat.code2Session(code));
    expect(used).toMatchObject({ kind: 'api', api: '/sns/jscode2session', errcode: 40163 });
    expect(used.errmsg).toMatch(/^code been used rid: /);
    expect(used.message).toMatch(/^微信接口 \/sns\/jscode2session 返回错误 40163：code been used rid: /);
    expect(await failureOf(wechat.code2Session('not-a-code'))).toMatchObject({ kind: 'api', errcode: 40029 });
  });

  it('is refused with 40125 for a wrong appsecret, which no message repeats', async () => {
    const wrongSecret = 'ffffffffffffffffffffffffffffffff';
    const wechat = client(embedded.db, fake, undefined, wrongSecret);
    const refused = await failureOf(wechat.code2Session(fake.controls.issueLoginCode({ openid: 'o-secret' })));
    expect(refused).toMatchObject({ kind: 'api', errcode: 40125 });
    expect(refused.message).not.toContain(wrongSecret);
  });
});

describe('the access token', () => {
  it('is kept in the database and reused: two calls, one token fetched', async () => {
    await clearTokens(embedded.db);
    const wechat = client(embedded.db, fake);
    const before = fake.controls.tokenCalls;
    const first = await token(wechat);
    const second = await token(wechat);
    expect(second).toBe(first);
    expect(fake.controls.tokenCalls - before).toBe(1);
    const row = await storedRow(embedded.db);
    expect(row?.access_token).toBe(first);
    // Stored with WeChat's lifetime (7200 s), on the database's clock.
    expect((row?.expires_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(7000_000);
    // Another client (another instance) over the same database takes the stored one.
    expect(await token(client(embedded.db, fake))).toBe(first);
    expect(fake.controls.tokenCalls - before).toBe(1);
  });

  it('takes a new one when the stored one has five minutes or less left', async () => {
    const wechat = client(embedded.db, fake);
    await token(wechat);
    await sql`update wechat_access_token set expires_at = now() + interval '4 minutes'`.execute(embedded.db);
    const before = fake.controls.tokenCalls;
    await token(wechat);
    expect(fake.controls.tokenCalls - before).toBe(1);
    expect(((await storedRow(embedded.db))?.expires_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(7000_000);
  });

  it('two clients refreshing at once over the embedded database fetch one token', async () => {
    // The embedded database is one connection, so the two transactions cannot overlap: this proves the logic (the
    // second reads the row the first wrote instead of fetching); the PostgreSQL case below proves the row lock.
    await clearTokens(embedded.db);
    const [a, b] = [client(embedded.db, fake), client(embedded.db, fake)];
    const before = fake.controls.tokenCalls;
    fake.controls.delayTokens(200);
    try {
      const got = await Promise.all([token(a), token(b), token(a), token(b)]);
      expect(new Set(got).size).toBe(1);
    } finally {
      fake.controls.delayTokens(0);
    }
    expect(fake.controls.tokenCalls - before).toBe(1);
  });

  it('refused by WeChat (40001): one new token and one retry', async () => {
    const wechat = client(embedded.db, fake);
    const old = await token(wechat);
    fake.controls.expireTokens();
    const seen = fake.controls.requests.length;
    const phone = await wechat.phoneNumber(fake.controls.issuePhoneCode('13800000000'));
    expect(phone).toEqual({ phoneNumber: '13800000000', purePhoneNumber: '13800000000', countryCode: '86' });
    expect(fake.controls.requests.slice(seen).map((request) => `${request.path} ${request.errcode}`)).toEqual([
      '/wxa/business/getuserphonenumber 40001',
      '/cgi-bin/stable_token 0',
      '/wxa/business/getuserphonenumber 0',
    ]);
    const renewed = await token(wechat);
    expect(renewed).not.toBe(old);
    expect((await storedRow(embedded.db))?.access_token).toBe(renewed);
  });

  it('refused again after the renewal: the failure (one retry only); the normal mode’s same token is forced past', async () => {
    const wechat = client(embedded.db, fake);
    const old = await token(wechat);
    const seen = fake.controls.requests.length;
    fake.controls.refuseTokens(true);
    try {
      const refused = await failureOf(wechat.phoneNumber(fake.controls.issuePhoneCode('13800000001')));
      expect(refused).toMatchObject({ kind: 'api', errcode: 40001 });
    } finally {
      fake.controls.refuseTokens(false);
    }
    // The normal mode handed back the refused token (it is current at WeChat), so a forced one was taken: both token
    // calls happen inside the one refresh, and the call itself is tried twice in all.
    expect(fake.controls.requests.slice(seen).map((request) => `${request.path} ${request.errcode}`)).toEqual([
      '/wxa/business/getuserphonenumber 40001',
      '/cgi-bin/stable_token 0',
      '/cgi-bin/stable_token 0',
      '/wxa/business/getuserphonenumber 40001',
    ]);
    const forced = await token(wechat);
    expect(forced).not.toBe(old);
  });
});

describe('the phone number', () => {
  it('answers the number with its country code; a used or unknown code is 40029', async () => {
    const wechat = client(embedded.db, fake);
    const code = fake.controls.issuePhoneCode('13912345678');
    expect(await wechat.phoneNumber(code, 'o-phone')).toEqual({ phoneNumber: '13912345678', purePhoneNumber: '13912345678', countryCode: '86' });
    expect(await failureOf(wechat.phoneNumber(code))).toMatchObject({ kind: 'api', api: '/wxa/business/getuserphonenumber', errcode: 40029 });
    expect(await wechat.phoneNumber(fake.controls.issuePhoneCode('2025550123', { countryCode: '1' }))).toEqual({ phoneNumber: '+1 2025550123', purePhoneNumber: '2025550123', countryCode: '1' });
  });
});

describe('the shipping-info upload', () => {
  const paidAt = new Date('2025-03-01T04:05:06.789Z');
  const express: ShippingInfoInput = {
    order: { transactionId: '4200002423202410299420901376' },
    logisticsType: 1,
    itemDesc: '保温杯*1 茶叶*2',
    trackingNo: 'SF1234567890',
    expressCompany: 'SF',
    receiverMobile: '13800001234',
    payerOpenid: 'o-payer',
    uploadTime: paidAt,
  };

  it('sends the documented body: order key, express with a masked contact for 顺丰, RFC 3339 time at +08:00, the payer', async () => {
    const wechat = client(embedded.db, fake);
    const before = fake.controls.shipments.length;
    await wechat.uploadShippingInfo(express);
    await wechat.uploadShippingInfo({ order: { mchId: '1900000109', outTradeNo: 'SO202503010001' }, logisticsType: 4, itemDesc: '到店自提', payerOpenid: 'o-payer' });
    const [sent, pickup] = fake.controls.shipments.slice(before);
    expect(sent?.body).toEqual({
      order_key: { order_number_type: 2, transaction_id: '4200002423202410299420901376' },
      logistics_type: 1,
      delivery_mode: 1,
      shipping_list: [{ item_desc: '保温杯*1 茶叶*2', tracking_no: 'SF1234567890', express_company: 'SF', contact: { receiver_contact: '138****1234' } }],
      upload_time: '2025-03-01T12:05:06.789+08:00',
      payer: { openid: 'o-payer' },
    });
    expect(chinaRfc3339(paidAt)).toBe('2025-03-01T12:05:06.789+08:00');
    expect(pickup?.body).toMatchObject({
      order_key: { order_number_type: 1, mchid: '1900000109', out_trade_no: 'SO202503010001' },
      logistics_type: 4,
      delivery_mode: 1,
      shipping_list: [{ item_desc: '到店自提' }],
    });
    expect(pickup?.body.upload_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
  });

  it('surfaces WeChat’s refusal with its errcode and errmsg', async () => {
    const wechat = client(embedded.db, fake);
    fake.controls.failNextShipping(10060001, '支付单不存在');
    const refused = await failureOf(wechat.uploadShippingInfo(express));
    expect(refused).toMatchObject({ kind: 'api', api: '/wxa/sec/order/upload_shipping_info', errcode: 10060001 });
    expect(refused.errmsg).toMatch(/^支付单不存在 rid: /);
    expect(refused.message).toMatch(/^微信接口 \/wxa\/sec\/order\/upload_shipping_info 返回错误 10060001：支付单不存在/);
  });

  it('refuses before sending what WeChat requires and is missing', async () => {
    const wechat = client(embedded.db, fake);
    await token(wechat);
    const seen = fake.controls.requests.length;
    const noWaybill = await failureOf(wechat.uploadShippingInfo({ ...express, trackingNo: null }));
    expect(noWaybill).toMatchObject({ kind: 'input', message: '发货信息不完整：快递发货需要物流单号（1 到 128 个字节）' });
    const noContact = await failureOf(wechat.uploadShippingInfo({ ...express, receiverMobile: null }));
    expect(noContact.message).toBe('发货信息不完整：顺丰快递需要收件人联系方式');
    // Refused before any request: the token was already stored, so nothing at all reached the fake.
    expect(fake.controls.requests.length).toBe(seen);
  });
});

describe('a hanging WeChat', () => {
  it('is a timeout failure within the configured deadline', async () => {
    const wechat = client(embedded.db, fake, 300);
    fake.controls.hang();
    const started = Date.now();
    try {
      const failure = await failureOf(wechat.code2Session(fake.controls.issueLoginCode({ openid: 'o-hang' })));
      expect(failure).toMatchObject({ kind: 'timeout', errcode: null, message: '微信接口 /sns/jscode2session 超过 0.3 秒没有响应（超时），请稍后重试' });
    } finally {
      fake.controls.hang(false);
    }
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('two instances on PostgreSQL', () => {
  let postgres: PostgresServer;
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    for (let i = 0; i < 2; i += 1) handles.push(await openDatabase({ dataDir: tempDir('unused'), databaseUrl: postgres.url, shopTimeZone: SHOP_ZONE }));
    const [first] = handles;
    if (first === undefined) throw new Error('no database');
    await createTokenTable(first.db as unknown as Kysely<unknown>);
  }, 90_000);

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await postgres?.stop();
  });

  it('refreshing at once, they fetch one token: the second waits on the row lock and reads the first one’s', async () => {
    const [a, b] = handles.map((handle) => client(handle.db, fake));
    if (a === undefined || b === undefined) throw new Error('no clients');
    const before = fake.controls.tokenCalls;
    // The token answer takes 300 ms: both instances are inside their refresh while the first one waits for it.
    fake.controls.delayTokens(300);
    try {
      const got = await Promise.all([token(a), token(b), token(a), token(b)]);
      expect(new Set(got).size).toBe(1);
    } finally {
      fake.controls.delayTokens(0);
    }
    expect(fake.controls.tokenCalls - before).toBe(1);

    // Expired in the database: again one fetch between the two.
    await sql`update wechat_access_token set expires_at = now()`.execute(handles[0]?.db as Kysely<Database>);
    fake.controls.delayTokens(300);
    try {
      await Promise.all([token(a), token(b)]);
    } finally {
      fake.controls.delayTokens(0);
    }
    expect(fake.controls.tokenCalls - before).toBe(2);
  });
});

describe('secrets', () => {
  it('never appear in a log line or a failure message', () => {
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((line) => line.startsWith('WeChat access token renewed for wx0123456789abcdef'))).toBe(true);
    expect(tokensSeen.size).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line).not.toContain(APP_SECRET);
      for (const seen of tokensSeen) expect(line).not.toContain(seen);
      expect(line).not.toContain('session_key');
      expect(line).not.toContain('access_token=');
    }
  });
});
