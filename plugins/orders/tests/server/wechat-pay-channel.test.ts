/**
 * The WeChat Pay APIv3 channel against a local fake of WeChat Pay (tests/support/fakes/wechat-pay-fake.ts)
 * that checks our signatures and signs and seals its own answers and notifications, with keys made here.
 * Notifications go to a small notify endpoint in this file that does what the order flow's does: verify,
 * then answer per the protocol. No database is needed.
 */
import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMerchantKeys, startWechatPayFake, wechatPayTestEnv, type FakeNotification, type WechatPayFake } from '../../../../tests/support/fakes/wechat-pay-fake';
import { ChannelFailure, NoticeRefused, type ChannelOrder, type RealPaymentChannel, type VerifiedNotice } from '../../server/channels/contract';
import {
  createWechatPayChannel,
  MSG_NOTICE_BAD_SIGNATURE,
  MSG_NOTICE_DECRYPT_FAILED,
  MSG_NOTICE_EXPIRED,
  MSG_NOTICE_WRONG_APP,
  MSG_NOTICE_WRONG_MERCHANT,
  MSG_NOTICE_WRONG_SERIAL,
  MSG_WECHAT_PAY_BAD_ANSWER,
  MSG_WECHAT_PAY_NO_OPENID,
  MSG_WECHAT_PAY_ORDER_PAID,
  MSG_WECHAT_PAY_REFUND_ABNORMAL,
  MSG_WECHAT_PAY_REFUND_NOT_FOUND,
  MSG_WECHAT_PAY_REFUSED,
  MSG_WECHAT_PAY_TIMEOUT,
  MSG_WECHAT_PAY_UNAVAILABLE,
  wechatPaySettings,
  type WechatPaySettings,
} from '../../server/channels/wechat-pay';

const APP_ID = 'wx8888888888888888';
const MCH_ID = '1900000109';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const API_V3_KEY = randomBytes(16).toString('hex'); // 32 ASCII characters: 32 bytes

const merchant = makeMerchantKeys();
let dir: string;
let fake: WechatPayFake;
let env: Record<string, string>;
let settings: WechatPaySettings;
let channel: RealPaymentChannel;

/** What our notify endpoint made of each notification it received. */
type Outcome = { path: string; notice: VerifiedNotice } | { path: string; refused: string };
const outcomes: Outcome[] = [];
const receivedBodies = new Map<string, Outcome>();
let receiver: http.Server;
let notifyUrl: string;
let refundNotifyUrl: string;

let sequence = 0;
const nextNo = (prefix = 'SO') => `${prefix}${Date.now()}${String((sequence += 1)).padStart(3, '0')}`;

function order(no: string, payPrice = '12.30', openid: string | null = OPENID): ChannelOrder {
  return { no, payPrice, description: '测试商品 × 2', openid, expiresAt: new Date(Date.now() + 15 * 60_000) };
}

/** Prepays an order at the fake and returns its number. */
async function prepaid(payPrice = '12.30'): Promise<string> {
  const no = nextNo();
  await channel.prepay(order(no, payPrice), notifyUrl);
  return no;
}

/** The outcome our endpoint recorded for a delivered notification (matched by its exact body). */
function outcomeOf(notification: FakeNotification): Outcome {
  const found = receivedBodies.get(notification.body);
  if (found === undefined) throw new Error('the notify endpoint did not receive that notification');
  return found;
}

async function failure(promise: Promise<unknown>): Promise<ChannelFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelFailure);
  return error as ChannelFailure;
}

function envWith(overrides: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, ...overrides };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-pay-'));
  fake = await startWechatPayFake({ mchId: MCH_ID, appId: APP_ID, apiV3Key: API_V3_KEY, merchantPublicKeyPem: merchant.publicKeyPem, merchantSerial: merchant.serial });
  env = wechatPayTestEnv(dir, fake, { appId: APP_ID, mchId: MCH_ID, apiV3Key: API_V3_KEY, privateKeyPem: merchant.privateKeyPem, serial: merchant.serial });
  const read = wechatPaySettings(env);
  expect(read.problems).toEqual([]);
  if (read.settings === null) throw new Error('settings expected');
  settings = read.settings;
  channel = createWechatPayChannel(settings, { timeoutMs: 2000 });

  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const record = (outcome: Outcome) => {
        outcomes.push(outcome);
        receivedBodies.set(rawBody, outcome);
      };
      channel
        .verify({ headers: req.headers, rawBody })
        .then(
          (notice) => {
            record({ path: req.url ?? '', notice });
            return channel.answer(true);
          },
          (error: unknown) => {
            record({ path: req.url ?? '', refused: error instanceof NoticeRefused ? error.reason : String(error) });
            return channel.answer(false);
          },
        )
        .then((answer) => {
          res.writeHead(answer.status, { 'Content-Type': answer.contentType });
          res.end(answer.body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  notifyUrl = `http://127.0.0.1:${port}/api/pay/notify/wechat/order`;
  refundNotifyUrl = `http://127.0.0.1:${port}/api/pay/notify/wechat/refund`;
});

afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('WeChat Pay channel: prepay', () => {
  it('sends a signed JSAPI prepay the fake accepts, and returns requestPayment params whose paySign verifies under the merchant key', async () => {
    const no = nextNo();
    const placed = order(no, '12.30');
    const params = await channel.prepay(placed, notifyUrl);

    const trade = fake.state(no);
    expect(trade).toMatchObject({ appid: APP_ID, mchid: MCH_ID, total: 1230, openid: OPENID, notifyUrl, description: '测试商品 × 2', tradeState: 'NOTPAY' });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/jsapi', status: 200 });
    const body = JSON.parse(sent?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ appid: APP_ID, mchid: MCH_ID, out_trade_no: no, notify_url: notifyUrl, amount: { total: 1230, currency: 'CNY' }, payer: { openid: OPENID } });
    // time_expire is RFC 3339 in Shanghai time and names the same instant as the order's deadline.
    expect(body.time_expire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(Math.floor(new Date(String(body.time_expire)).getTime() / 1000)).toBe(Math.floor(placed.expiresAt.getTime() / 1000));

    expect(params).toEqual({ appId: APP_ID, timeStamp: expect.stringMatching(/^\d{10}$/), nonceStr: expect.stringMatching(/^[0-9A-F]{32}$/), package: `prepay_id=${trade?.prepayId}`, signType: 'RSA', paySign: expect.any(String) });
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(verify('sha256', Buffer.from(signed), merchant.publicKeyPem, Buffer.from(params.paySign ?? '', 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(`${signed}x`), merchant.publicKeyPem, Buffer.from(params.paySign ?? '', 'base64'))).toBe(false);

    // The same order again gets the same prepay_id; the same number with another amount is a duplicate.
    expect((await channel.prepay(placed, notifyUrl)).package).toBe(params.package);
    const duplicate = await failure(channel.prepay(order(no, '12.31'), notifyUrl));
    expect(duplicate.message).toBe(`${MSG_WECHAT_PAY_REFUSED}：201 商户订单号重复（INVALID_REQUEST）`);
  });

  it('is refused with SIGN_ERROR when signing with a key that is not the merchant certificate’s', async () => {
    const otherKey = path.join(dir, 'other_key.pem');
    fs.writeFileSync(otherKey, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const wrong = wechatPaySettings(envWith({ WECHAT_PAY_PRIVATE_KEY_FILE: otherKey })).settings;
    if (wrong === null) throw new Error('settings expected');
    const no = nextNo();
    const refused = await failure(createWechatPayChannel(wrong, { timeoutMs: 2000 }).prepay(order(no), notifyUrl));
    expect(refused.message).toBe(`${MSG_WECHAT_PAY_REFUSED}：签名错误（SIGN_ERROR）`);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/jsapi', status: 401, code: 'SIGN_ERROR' });
    expect(fake.state(no)).toBeUndefined();
  });

  it('names WeChat Pay’s public key id in Wechatpay-Serial: another id is refused by WeChat', async () => {
    const other = wechatPaySettings(envWith({ WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_00000000000000000000000000000001' })).settings;
    if (other === null) throw new Error('settings expected');
    await failure(createWechatPayChannel(other, { timeoutMs: 2000 }).prepay(order(nextNo()), notifyUrl));
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/jsapi', status: 400, code: 'INVALID_REQUEST' });
  });

  it('passes on WeChat’s refusal of a deadline already past (time_expire is honoured)', async () => {
    const late = { ...order(nextNo()), expiresAt: new Date(Date.now() - 1000) };
    expect((await failure(channel.prepay(late, notifyUrl))).message).toBe(`${MSG_WECHAT_PAY_REFUSED}：支付截止时间 time_expire 已过（PARAM_ERROR）`);
  });

  it('refuses an order without openid before calling WeChat, with a clear message', async () => {
    const before = fake.requests.length;
    const refused = await failure(channel.prepay(order(nextNo(), '5.00', null), notifyUrl));
    expect(refused.message).toBe(MSG_WECHAT_PAY_NO_OPENID);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses answers whose WeChat signature does not hold (tampered body, forged signature, other key id, stale clock)', async () => {
    const no = await prepaid();
    const cases = [
      ['body', '签名不符'],
      ['signature', '签名不符'],
      ['serial', '公钥 ID 不符'],
      ['timestamp', '时间戳相差超过 5 分钟'],
    ] as const;
    try {
      for (const [mode, reason] of cases) {
        fake.tamperAnswers(mode);
        expect((await failure(channel.query(no))).message, mode).toBe(`${MSG_WECHAT_PAY_BAD_ANSWER}（${reason}）`);
      }
    } finally {
      fake.tamperAnswers(false);
    }
    expect(await channel.query(no)).toEqual({ state: 'unpaid' });
  });
});

describe('WeChat Pay channel: notifications', () => {
  it('verifies and decrypts a payment notification to the order’s number and amount, answers 204, and a replay verifies the same', async () => {
    const no = await prepaid('12.30');
    expect(await fake.pay(no)).toEqual({ status: 204, body: '' });
    const sent = fake.notifications.at(-1);
    if (sent === undefined) throw new Error('a notification expected');
    expect(sent.eventType).toBe('TRANSACTION.SUCCESS');
    expect(sent.url).toBe(notifyUrl);

    const first = outcomeOf(sent);
    const trade = fake.state(no);
    expect(first).toEqual({
      path: '/api/pay/notify/wechat/order',
      notice: { kind: 'payment', outTradeNo: no, tradeNo: trade?.transactionId, amount: '12.30', paid: true, merchant: MCH_ID, paidAt: new Date(trade?.successTime ?? '') },
    });

    // The identical bytes again (a replay within 5 minutes) verify to the identical notice: idempotency is the order flow's.
    expect(await fake.deliver(sent)).toEqual({ status: 204, body: '' });
    expect(outcomes.at(-1)).toEqual(first);
  });

  it('refuses a forged signature, another key id, an old timestamp, a tampered ciphertext, another APIv3 key and another merchant, each with its reason', async () => {
    const no = await prepaid('8.00');
    const cases: Array<[string, Parameters<WechatPayFake['forgeNotification']>[1], string]> = [
      ['forged signature', { badSignature: true }, MSG_NOTICE_BAD_SIGNATURE],
      ['other key id', { serial: 'PUB_KEY_ID_00000000000000000000000000000000' }, MSG_NOTICE_WRONG_SERIAL],
      ['old timestamp', { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }, MSG_NOTICE_EXPIRED],
      ['tampered ciphertext', { tamperCiphertext: true }, MSG_NOTICE_DECRYPT_FAILED],
      ['other APIv3 key', { apiV3Key: randomBytes(16).toString('hex') }, MSG_NOTICE_DECRYPT_FAILED],
      ['other merchant', { resource: { mchid: '1900000999' } }, MSG_NOTICE_WRONG_MERCHANT],
      ['other mini-program', { resource: { appid: 'wx0000000000000000' } }, MSG_NOTICE_WRONG_APP],
    ];
    for (const [name, forge, reason] of cases) {
      const forged = fake.forgeNotification(no, forge);
      const answer = await fake.deliver(forged);
      expect(answer.status, name).toBe(500);
      // The reason goes to our log; the answer says only FAIL.
      expect(JSON.parse(answer.body), name).toEqual({ code: 'FAIL', message: '失败' });
      expect(outcomeOf(forged), name).toEqual({ path: '/api/pay/notify/wechat/order', refused: reason });
    }
    expect(fake.state(no)?.tradeState).toBe('NOTPAY');
  });

  it('passes a correctly signed notification whose amount differs from the order with the amount it carries (the order flow refuses it)', async () => {
    const no = await prepaid('8.00');
    const tampered = fake.forgeNotification(no, { resource: { amount: { total: 1 } } });
    expect(await fake.deliver(tampered)).toEqual({ status: 204, body: '' });
    expect(outcomeOf(tampered)).toMatchObject({ notice: { kind: 'payment', outTradeNo: no, amount: '0.01', paid: true } });
  });

  it('answers per the protocol: accepted is 204 without body, refused is 500 with {"code":"FAIL","message":…}', () => {
    expect(channel.answer(true)).toEqual({ status: 204, contentType: 'text/plain; charset=utf-8', body: '' });
    expect(channel.answer(false, '订单处理失败')).toEqual({ status: 500, contentType: 'application/json; charset=utf-8', body: '{"code":"FAIL","message":"订单处理失败"}' });
    expect(JSON.parse(channel.answer(false).body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay channel: query and close', () => {
  it('reads unknown, unpaid, paid (with transaction id, amount and time) and, after a refund, still paid', async () => {
    expect(await channel.query(nextNo())).toEqual({ state: 'unknown' });
    const no = await prepaid('99.99');
    expect(await channel.query(no)).toEqual({ state: 'unpaid' });
    expect(await fake.pay(no, { notify: false })).toBeNull();
    const trade = fake.state(no);
    expect(await channel.query(no)).toEqual({ state: 'paid', tradeNo: trade?.transactionId, amount: '99.99', paidAt: new Date(trade?.successTime ?? '') });
    expect(fake.requests.at(-1)?.path).toBe(`/v3/pay/transactions/out-trade-no/${no}?mchid=${MCH_ID}`);
    expect(fake.notifications.some((n) => n.resource.out_trade_no === no)).toBe(false);
  });

  it('closes an unpaid order (then it reads closed), closes again and an unknown order without error, and refuses to close a paid one', async () => {
    const no = await prepaid();
    await channel.close(no);
    expect(fake.closed).toContain(no);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v3/pay/transactions/out-trade-no/${no}/close`, status: 204 });
    expect(await channel.query(no)).toEqual({ state: 'closed' });
    await channel.close(no);
    await channel.close(nextNo());
    expect(fake.requests.at(-1)).toMatchObject({ status: 404, code: 'ORDER_NOT_EXIST' });

    const paid = await prepaid();
    await fake.pay(paid, { notify: false });
    expect((await failure(channel.close(paid))).message).toBe(MSG_WECHAT_PAY_ORDER_PAID);
  });
});

describe('WeChat Pay channel: refunds', () => {
  async function paidOrder(price: string): Promise<string> {
    const no = await prepaid(price);
    await fake.pay(no, { notify: false });
    return no;
  }
  const refundNotice = (refundNo: string, eventType: string) => fake.waitForNotification((n) => n.eventType === eventType && n.resource.out_refund_no === refundNo);

  it('refunds at once with its REFUND.SUCCESS notification, the same refund number again refunds once, and more than is left fails with WeChat’s words', async () => {
    fake.refundOutcome('SUCCESS');
    const no = await paidOrder('12.30');
    const refundNo = nextNo('RF');
    const asked = { orderNo: no, refundNo, refundPrice: '2.30', totalPrice: '12.30', reason: '退货' };
    const done = await channel.refund(asked, refundNotifyUrl);
    const refund = fake.refundOf(refundNo);
    expect(refund).toMatchObject({ refund: 230, total: 1230, reason: '退货', notifyUrl: refundNotifyUrl, status: 'SUCCESS' });
    expect(done).toEqual({ state: 'success', channelRefundNo: refund?.refundId });

    const notification = await refundNotice(refundNo, 'REFUND.SUCCESS');
    expect(notification.answer).toEqual({ status: 204, body: '' });
    expect(outcomeOf(notification)).toEqual({
      path: '/api/pay/notify/wechat/refund',
      notice: { kind: 'refund', outTradeNo: no, outRefundNo: refundNo, channelRefundNo: refund?.refundId, amount: '2.30', state: 'success', merchant: MCH_ID },
    });

    expect(await channel.refund(asked, refundNotifyUrl)).toEqual(done);
    expect([...fake.notifications].filter((n) => n.resource.out_refund_no === refundNo)).toHaveLength(1);
    expect(await channel.refund({ ...asked, refundNo: nextNo('RF'), refundPrice: '10.01' }, refundNotifyUrl)).toEqual({ state: 'failed', reason: '退款金额超过订单可退金额' });
    expect(await channel.refund({ ...asked, refundNo: nextNo('RF'), refundPrice: '10.00' }, refundNotifyUrl)).toMatchObject({ state: 'success' });

    expect(await channel.queryRefund(no, refundNo)).toEqual(done);
    expect(await channel.query(no)).toMatchObject({ state: 'paid', amount: '12.30' });
  });

  it('keeps a refund processing until WeChat settles it, then notifies REFUND.SUCCESS and reads success', async () => {
    fake.refundOutcome('PROCESSING');
    const no = await paidOrder('50.00');
    const refundNo = nextNo('RF');
    const processing = await channel.refund({ orderNo: no, refundNo, refundPrice: '50.00', totalPrice: '50.00', reason: '' }, refundNotifyUrl);
    const refundId = fake.refundOf(refundNo)?.refundId;
    expect(processing).toEqual({ state: 'processing', channelRefundNo: refundId });
    expect(await channel.queryRefund(no, refundNo)).toEqual(processing);
    expect(fake.notifications.some((n) => n.resource.out_refund_no === refundNo)).toBe(false);

    expect(await fake.settleRefund(refundNo)).toEqual({ status: 204, body: '' });
    expect(outcomes.at(-1)).toMatchObject({ notice: { kind: 'refund', outRefundNo: refundNo, amount: '50.00', state: 'success' } });
    expect(await channel.queryRefund(no, refundNo)).toEqual({ state: 'success', channelRefundNo: refundId });
    fake.refundOutcome('SUCCESS');
  });

  it('reports an ABNORMAL refund as failed with a reason, and its REFUND.ABNORMAL notification as a failed refund', async () => {
    fake.refundOutcome('ABNORMAL');
    const no = await paidOrder('20.00');
    const refundNo = nextNo('RF');
    expect(await channel.refund({ orderNo: no, refundNo, refundPrice: '20.00', totalPrice: '20.00', reason: '取消' }, refundNotifyUrl)).toEqual({
      state: 'failed',
      reason: MSG_WECHAT_PAY_REFUND_ABNORMAL,
    });
    const notification = await refundNotice(refundNo, 'REFUND.ABNORMAL');
    expect(outcomeOf(notification)).toMatchObject({ notice: { kind: 'refund', outRefundNo: refundNo, state: 'failed' } });
    fake.refundOutcome('SUCCESS');
  });

  it('reads a refund WeChat never had as failed', async () => {
    expect(await channel.queryRefund(nextNo(), nextNo('RF'))).toEqual({ state: 'failed', reason: MSG_WECHAT_PAY_REFUND_NOT_FOUND });
  });
});

describe('WeChat Pay channel: an unreachable or hanging WeChat', () => {
  it('gives up on a hanging WeChat within the short timeout with a ChannelFailure', async () => {
    const no = await prepaid();
    const impatient = createWechatPayChannel(settings, { timeoutMs: 300 });
    fake.hang(true);
    try {
      const started = Date.now();
      expect((await failure(impatient.query(no))).message).toBe(MSG_WECHAT_PAY_TIMEOUT);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      fake.hang(false);
    }
    expect(await impatient.query(no)).toEqual({ state: 'unpaid' });
  });

  it('says WeChat Pay is unavailable when nothing listens at its address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = wechatPaySettings(envWith({ WECHAT_PAY_BASE: `http://127.0.0.1:${port}` })).settings;
    if (nowhere === null) throw new Error('settings expected');
    expect((await failure(createWechatPayChannel(nowhere).query('SO1'))).message).toBe(MSG_WECHAT_PAY_UNAVAILABLE);
  });
});

describe('wechatPaySettings', () => {
  it('is null without problems when no WECHAT_PAY_* variable is set (WECHAT_APP_ID alone is the mini-program login)', () => {
    expect(wechatPaySettings({})).toEqual({ settings: null, problems: [] });
    expect(wechatPaySettings({ WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: 'x', WECHAT_PAY_MCH_ID: '' })).toEqual({ settings: null, problems: [] });
  });

  it('reads a complete environment, defaulting the base URL, and never shows a key when printed', () => {
    const read = wechatPaySettings(envWith({ WECHAT_PAY_BASE: undefined }));
    expect(read.problems).toEqual([]);
    expect(read.settings).toMatchObject({ appId: APP_ID, mchId: MCH_ID, certSerial: merchant.serial, publicKeyId: fake.publicKeyId, base: 'https://api.mch.weixin.qq.com' });
    const printed = `${inspect(read.settings, { depth: 5 })}${JSON.stringify(read.settings)}`;
    expect(printed).not.toContain(API_V3_KEY);
    expect(printed).not.toContain(merchant.privateKeyPem.split('\n')[1]);
  });

  it('lists every missing or bad variable, naming the variable and never printing a key', () => {
    const notAKey = path.join(dir, 'not-a-key.pem');
    fs.writeFileSync(notAKey, 'hello');
    const privateInPublic = path.join(dir, 'private-as-public.pem');
    fs.writeFileSync(privateInPublic, merchant.privateKeyPem);

    const missingFile = wechatPaySettings(envWith({ WECHAT_PAY_PRIVATE_KEY_FILE: path.join(dir, 'absent.pem') }));
    expect(missingFile.settings).toBeNull();
    expect(missingFile.problems).toEqual([`WECHAT_PAY_PRIVATE_KEY_FILE cannot be read ("${path.join(dir, 'absent.pem')}": ENOENT)`]);

    const shortKey = wechatPaySettings(envWith({ WECHAT_PAY_API_V3_KEY: API_V3_KEY.slice(1) }));
    expect(shortKey).toEqual({ settings: null, problems: ['WECHAT_PAY_API_V3_KEY must be exactly 32 bytes (got 31)'] });

    const bad = wechatPaySettings(
      envWith({
        WECHAT_PAY_PRIVATE_KEY_FILE: notAKey,
        WECHAT_PAY_PUBLIC_KEY_FILE: privateInPublic,
        WECHAT_PAY_PUBLIC_KEY_ID: '12345',
        WECHAT_PAY_BASE: 'ftp://example.com',
        WECHAT_PAY_MCH_ID: 'abc',
      }),
    );
    expect(bad.settings).toBeNull();
    expect(bad.problems).toEqual([
      'WECHAT_PAY_MCH_ID must be the merchant number (digits)',
      "WECHAT_PAY_PRIVATE_KEY_FILE must be the merchant's RSA private key in PEM form (apiclient_key.pem)",
      `WECHAT_PAY_PUBLIC_KEY_FILE must be WeChat Pay's RSA public key in PEM form (pub_key.pem, "-----BEGIN PUBLIC KEY-----")`,
      'WECHAT_PAY_PUBLIC_KEY_ID must start with PUB_KEY_ID_',
      'WECHAT_PAY_BASE must be an http(s) URL without query (got "ftp://example.com")',
    ]);
    expect(bad.problems.join('\n')).not.toContain('PRIVATE KEY-----');

    expect(wechatPaySettings({ WECHAT_PAY_MCH_ID: MCH_ID }).problems).toEqual([
      'WECHAT_APP_ID is required for WeChat Pay (the mini-program appid the buyer pays in)',
      'WECHAT_PAY_CERT_SERIAL is required',
      'WECHAT_PAY_PRIVATE_KEY_FILE is required (path of a PEM file)',
      'WECHAT_PAY_API_V3_KEY is required',
      'WECHAT_PAY_PUBLIC_KEY_FILE is required (path of a PEM file)',
      'WECHAT_PAY_PUBLIC_KEY_ID is required (PUB_KEY_ID_…)',
    ]);
  });
});
