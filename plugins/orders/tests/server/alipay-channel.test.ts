import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIPAY_DEFAULT_GATEWAY,
  MSG_ALIPAY_BAD_ANSWER,
  MSG_ALIPAY_REFUND_NOT_FOUND,
  MSG_ALIPAY_TIMEOUT,
  MSG_ALIPAY_UNAVAILABLE,
  alipaySettings,
  createAlipayChannel,
  type AlipaySettings,
} from '../../server/channels/alipay';
import { ChannelFailure, NoticeRefused, type NoticeAnswer, type RealPaymentChannel, type VerifiedNotice } from '../../server/channels/contract';
import { alipayEnvFiles, makeRsaKeys, startAlipayFake, type AlipayFake } from '../../../../tests/support/fakes/alipay-fake';

/**
 * The Alipay adapter against a local gateway that speaks the open platform's protocol (tests/support/fakes/
 * alipay-fake.ts): requests signed with the app key and checked there, answers and notifications signed
 * with the fake's Alipay key and checked here. Keys are made in the test and read through alipaySettings.
 */

const APP_ID = '2021004100000001';
const FORM = 'application/x-www-form-urlencoded; charset=utf-8';

let dir: string;
let appKeys: { privateKeyPem: string; publicKeyPem: string };
let fake: AlipayFake;
let settings: AlipaySettings;
let channel: RealPaymentChannel;
let receiver: Receiver;
let counter = 0;

interface Received {
  rawBody: string;
  result: VerifiedNotice | NoticeRefused;
  answer: NoticeAnswer;
}

/** The shop's notify endpoint in miniature: the raw body to channel.verify, its verdict to channel.answer. */
interface Receiver {
  url: string;
  next(): Promise<Received>;
  close(): Promise<void>;
}

async function startReceiver(of: () => RealPaymentChannel): Promise<Receiver> {
  const backlog: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const heard = of()
        .verify({ headers: req.headers, rawBody })
        .catch((error: unknown) => {
          if (error instanceof NoticeRefused) return error;
          throw error;
        });
      void heard.then((result) => {
        const answer = of().answer(!(result instanceof NoticeRefused));
        res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
        const received = { rawBody, result, answer };
        const waiter = waiting.shift();
        if (waiter === undefined) backlog.push(received);
        else waiter(received);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/pay/notify/alipay`,
    next: () => {
      const ready = backlog.shift();
      return ready !== undefined ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function settingsOf(env: Record<string, string>): AlipaySettings {
  const { settings: read, problems } = alipaySettings(env);
  expect(problems).toEqual([]);
  if (read === null) throw new Error('no settings');
  return read;
}

function keyFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

function orderNo(): string {
  counter += 1;
  return `T${Date.now()}${counter}`;
}

/** The order as the order flow hands it over: 12.30 yuan, an hour to pay. */
function order(no: string, payPrice = '12.30', description = '龙井 & 杯/套') {
  return { no, payPrice, description, openid: null, expiresAt: new Date(Date.now() + 3600_000) };
}

/** Prepays and opens the pay URL as the buyer's browser does: the trade then exists at Alipay. */
async function openedOrder(payPrice = '12.30'): Promise<string> {
  const no = orderNo();
  const { payUrl } = await channel.prepay(order(no, payPrice), receiver.url);
  const page = await fetch(payUrl ?? '');
  expect(await page.text()).toContain('id="pay"');
  return no;
}

async function paidOrder(payPrice = '12.30'): Promise<{ no: string; notice: Received }> {
  const no = await openedOrder(payPrice);
  const answer = await fake.pay(no);
  expect(answer).toBe('success');
  return { no, notice: await receiver.next() };
}

async function refused(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof NoticeRefused) return `NoticeRefused: ${error.reason}`;
  if (error instanceof ChannelFailure) return `ChannelFailure: ${error.message}`;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

/** Alipay's "yyyy-MM-dd HH:mm:ss" read independently of the adapter: Beijing is UTC+8. */
function beijing(text: string | null | undefined): Date {
  return new Date(`${(text ?? '').replace(' ', 'T')}+08:00`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'alipay-channel-'));
  appKeys = makeRsaKeys('pkcs1');
  fake = await startAlipayFake({ appId: APP_ID, appPublicKeyPem: appKeys.publicKeyPem });
  settings = settingsOf(alipayEnvFiles(dir, fake, appKeys.privateKeyPem));
  channel = createAlipayChannel(settings);
  receiver = await startReceiver(() => channel);
});

afterAll(async () => {
  await receiver.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('alipaySettings', () => {
  it('is off without any variable, and reads PKCS#1, PKCS#8 and bare base64 keys', () => {
    expect(alipaySettings({})).toEqual({ settings: null, problems: [] });

    const pkcs8 = makeRsaKeys('pkcs8');
    const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    for (const [privateKeyPem, publicKeyPem] of [
      [appKeys.privateKeyPem, fake.alipayPublicKeyPem],
      [pkcs8.privateKeyPem, fake.alipayPublicKeyPem],
      [bare(pkcs8.privateKeyPem), bare(fake.alipayPublicKeyPem)],
    ] as const) {
      const read = settingsOf({
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY_FILE: keyFile('app.pem', privateKeyPem),
        ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay.pem', publicKeyPem),
      });
      expect(read.appId).toBe(APP_ID);
      expect(read.gateway).toBe(ALIPAY_DEFAULT_GATEWAY);
      expect(read.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(read.alipayPublicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    }
  });

  it('names every missing or unusable variable, never a key', () => {
    expect(alipaySettings({ ALIPAY_APP_ID: APP_ID }).problems).toEqual([
      "ALIPAY_PRIVATE_KEY_FILE is not set (a PEM file with the app's RSA private key, PKCS#1 or PKCS#8)",
      "ALIPAY_PUBLIC_KEY_FILE is not set (a PEM file with Alipay's public key for this app)",
    ]);

    const missingFile = path.join(dir, 'nowhere.pem');
    const privateAsPublic = keyFile('private-as-public.pem', appKeys.privateKeyPem);
    const { settings: none, problems } = alipaySettings({
      ALIPAY_APP_ID: 'my-app',
      ALIPAY_PRIVATE_KEY_FILE: missingFile,
      ALIPAY_PUBLIC_KEY_FILE: privateAsPublic,
      ALIPAY_GATEWAY: 'ftp://openapi.alipay.com/gateway.do',
    });
    expect(none).toBeNull();
    expect(problems).toEqual([
      'ALIPAY_APP_ID must be the app\'s numeric id (got "my-app")',
      `ALIPAY_PRIVATE_KEY_FILE: cannot read the file ${missingFile}`,
      `ALIPAY_PUBLIC_KEY_FILE (${privateAsPublic}) is not an RSA public key in PEM`,
      'ALIPAY_GATEWAY must be an http(s) URL such as https://openapi.alipay.com/gateway.do (got "ftp://openapi.alipay.com/gateway.do")',
    ]);

    const ownPublic = keyFile('own-public.pem', appKeys.publicKeyPem);
    const notAKey = keyFile('not-a-key.pem', 'hello');
    const swapped = alipaySettings({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY_FILE: notAKey, ALIPAY_PUBLIC_KEY_FILE: ownPublic });
    expect(swapped.problems).toEqual([`ALIPAY_PRIVATE_KEY_FILE (${notAKey}) is not an RSA private key in PEM (PKCS#1 or PKCS#8)`]);
    const appPrivate = keyFile('app-private.pem', appKeys.privateKeyPem);
    expect(alipaySettings({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY_FILE: appPrivate, ALIPAY_PUBLIC_KEY_FILE: ownPublic }).problems).toEqual([
      `ALIPAY_PUBLIC_KEY_FILE (${ownPublic}) holds the app's own public key, not Alipay's public key (支付宝公钥)`,
    ]);

    const keyBody = appKeys.privateKeyPem.split('\n')[1] ?? '';
    expect(problems.join('\n')).not.toContain(keyBody);
  });
});

describe('the Alipay channel against the fake gateway', () => {
  it('is the alipay channel of our app', () => {
    expect(channel.code).toBe('alipay');
    expect(channel.merchant).toBe(APP_ID);
  });

  it('prepays with a signed wap-pay URL the gateway accepts and records', async () => {
    const no = orderNo();
    const expiresAt = new Date('2030-01-02T03:04:05Z');
    const { payUrl } = await channel.prepay({ ...order(no), expiresAt }, receiver.url);
    const url = new URL(payUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(fake.url);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('app_id')).toBe(APP_ID);
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(url.searchParams.get('notify_url')).toBe(receiver.url);
    // Stamped on Alipay's clock although this process runs on UTC (the SDK alone would stamp local time).
    expect(Math.abs(beijing(url.searchParams.get('timestamp')).getTime() - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '')).toEqual({
      out_trade_no: no,
      total_amount: '12.30',
      subject: '龙井   杯 套',
      product_code: 'QUICK_WAP_WAY',
      // Alipay's clock: 03:04:05 UTC is 11:04:05 in Beijing.
      time_expire: '2030-01-02 11:04:05',
    });
    // Nothing exists at Alipay until the buyer opens the cashier.
    expect(await channel.query(no)).toEqual({ state: 'unknown' });

    const page = await fetch(payUrl ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('￥12.30');
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.wap.pay', signatureValid: true, code: '10000', subCode: undefined });
    expect(fake.state(no)).toMatchObject({
      status: 'WAIT_BUYER_PAY',
      totalAmount: '12.30',
      subject: '龙井   杯 套',
      productCode: 'QUICK_WAP_WAY',
      timeExpire: '2030-01-02 11:04:05',
      notifyUrl: receiver.url,
    });
    expect(await channel.query(no)).toEqual({ state: 'unpaid' });

    expect(await refused(channel.prepay(order(orderNo(), '0'), receiver.url))).toBe('ChannelFailure: 金额无效');
    expect(await refused(channel.prepay(order(orderNo(), '1.234'), receiver.url))).toBe('ChannelFailure: 金额无效');
  });

  it('is refused by the gateway when signing with a key that is not the app key', async () => {
    const stranger = makeRsaKeys();
    const wrong = createAlipayChannel({ ...settings, privateKeyPem: stranger.privateKeyPem.trim() });
    const no = orderNo();
    const { payUrl } = await wrong.prepay(order(no), receiver.url);
    const page = await (await fetch(payUrl ?? '')).text();
    expect(page).toContain('错误代码：isv.invalid-signature');
    expect(page).toContain('验签出错');
    expect(fake.state(no)).toBeUndefined();

    const paid = await paidOrder();
    const failure = await refused(wrong.query(paid.no));
    expect(failure).toBe('ChannelFailure: 支付宝拒绝请求：验签出错（isv.invalid-signature）');
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.query', signatureValid: false, code: '40002', subCode: 'isv.invalid-signature' });
    expect(failure).not.toContain(stranger.privateKeyPem.split('\n')[1] ?? '');
  });

  it('takes an answer whose sign does not check out against Alipay’s key as a failure', async () => {
    const { no } = await paidOrder();
    const otherAlipay = makeRsaKeys();
    const fooled = createAlipayChannel({ ...settings, alipayPublicKeyPem: otherAlipay.publicKeyPem.trim() });
    expect(await refused(fooled.query(no))).toBe(`ChannelFailure: ${MSG_ALIPAY_BAD_ANSWER}`);
    // The gateway did answer (the request was good); the answer was not believed.
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.query', signatureValid: true, code: '10000' });
  });

  it('verifies the payment notification, and a replay alike', async () => {
    const { no, notice } = await paidOrder();
    const trade = fake.state(no);
    expect(notice.answer).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(notice.result).toEqual({
      kind: 'payment',
      outTradeNo: no,
      tradeNo: trade?.tradeNo,
      amount: '12.30',
      paid: true,
      merchant: APP_ID,
      paidAt: beijing(trade?.gmtPayment),
    });
    // The notification as Alipay sends it: a form, signed over everything but sign and sign_type.
    const sent = new URLSearchParams(fake.notifications.at(-1)?.body);
    expect(sent.get('notify_type')).toBe('trade_status_sync');
    expect(sent.get('sign_type')).toBe('RSA2');
    expect(sent.get('subject')).toBe('龙井   杯 套');
    expect(sent.get('fund_bill_list')).toBe('[{"amount":"12.30","fundChannel":"ALIPAYACCOUNT"}]');

    const replay = await fetch(receiver.url, { method: 'POST', headers: { 'content-type': FORM }, body: notice.rawBody });
    expect(await replay.text()).toBe('success');
    expect((await receiver.next()).result).toEqual(notice.result);

    expect(await channel.query(no)).toEqual({ state: 'paid', tradeNo: trade?.tradeNo, amount: '12.30', paidAt: beijing(trade?.gmtPayment) });
  });

  it('refuses forged, foreign and malformed notifications with the reason', async () => {
    const { no, notice } = await paidOrder();
    const verify = (rawBody: string, contentType = FORM) => channel.verify({ headers: { 'content-type': contentType }, rawBody });

    expect(await refused(verify(fake.forgedNotification(no)))).toBe('NoticeRefused: 签名验证失败');
    expect(await refused(verify(notice.rawBody.replace('total_amount=12.30', 'total_amount=0.01')))).toBe('NoticeRefused: 签名验证失败');
    expect(await refused(verify(fake.paymentNotification(no, { sign_type: 'RSA' })))).toBe('NoticeRefused: 签名验证失败');
    expect(await refused(verify(fake.paymentNotification(no, { app_id: '2021004199999999' })))).toBe('NoticeRefused: 商户不符');
    expect(await refused(verify('{"trade_status":"TRADE_SUCCESS"}', 'application/json'))).toBe('NoticeRefused: 通知格式错误');
    expect(await refused(verify('out_trade_no=1&trade_status=TRADE_SUCCESS'))).toBe('NoticeRefused: 通知格式错误');
    expect(await refused(verify(fake.paymentNotification(no, { out_trade_no: null })))).toBe('NoticeRefused: 通知格式错误');
    expect(await refused(verify(fake.paymentNotification(no, { trade_status: 'TRADE_PENDING' })))).toBe('NoticeRefused: 通知格式错误');

    // Through the endpoint: a refused notification is answered "fail", so Alipay sends it again.
    const forged = await fetch(receiver.url, { method: 'POST', headers: { 'content-type': FORM }, body: fake.forgedNotification(no) });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toBe('fail');
    expect((await receiver.next()).result).toEqual(new NoticeRefused('签名验证失败'));

    // A genuine notification naming another amount is passed on as signed: the order flow compares it with the pay price.
    const otherAmount = await verify(fake.paymentNotification(no, { total_amount: '0.01' }));
    expect(otherAmount).toMatchObject({ kind: 'payment', outTradeNo: no, amount: '0.01', paid: true });
  });

  it('tells unpaid and closed trades from notifications and queries', async () => {
    const no = await openedOrder();
    const waiting = await channel.verify({ headers: { 'content-type': FORM }, rawBody: fake.paymentNotification(no) });
    expect(waiting).toMatchObject({ kind: 'payment', outTradeNo: no, paid: false, paidAt: null });

    await channel.close(no);
    expect(fake.state(no)?.status).toBe('TRADE_CLOSED');
    expect(await channel.query(no)).toEqual({ state: 'closed' });
    const closed = await channel.verify({ headers: { 'content-type': FORM }, rawBody: fake.paymentNotification(no) });
    expect(closed).toMatchObject({ kind: 'payment', outTradeNo: no, paid: false, amount: '12.30' });
  });

  it('closes: an unknown trade is no error, a paid one is refused', async () => {
    await expect(channel.close(orderNo())).resolves.toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.close', code: '40004', subCode: 'ACQ.TRADE_NOT_EXIST' });
    const { no } = await paidOrder();
    expect(await refused(channel.close(no))).toBe('ChannelFailure: 支付宝拒绝请求：交易状态不合法（ACQ.TRADE_STATUS_ERROR）');
  });

  it('refunds synchronously, once per refund number, within what was paid', async () => {
    const { no } = await paidOrder();
    const tradeNo = fake.state(no)?.tradeNo ?? '';
    const refund = (refundNo: string, refundPrice: string) =>
      channel.refund({ orderNo: no, refundNo, refundPrice, totalPrice: '12.30', reason: '少发一件' }, receiver.url);

    expect(await refund('R1', '5')).toEqual({ state: 'success', channelRefundNo: `${tradeNo}_R1` });
    expect(fake.state(no)?.refunds).toMatchObject([{ outRequestNo: 'R1', amount: '5.00', reason: '少发一件' }]);
    // Alipay tells the refund to the payment's notify URL as a change of the trade.
    const told = await receiver.next();
    expect(told.answer.body).toBe('success');
    expect(told.result).toEqual({
      kind: 'refund',
      outTradeNo: no,
      outRefundNo: 'R1',
      channelRefundNo: `${tradeNo}_R1`,
      amount: '5.00',
      // refund_fee is the trade's refunded total, not this refund's amount (the order flow does not compare it).
      amountIsTotal: true,
      state: 'success',
      merchant: APP_ID,
    });

    // The same number again refunds nothing more (fund_change N) and is still this refund's success.
    const notified = fake.notifications.length;
    expect(await refund('R1', '5.00')).toEqual({ state: 'success', channelRefundNo: `${tradeNo}_R1` });
    expect(fake.notifications.length).toBe(notified);
    expect(fake.state(no)?.refunds).toHaveLength(1);

    expect(await refund('R2', '7.31')).toEqual({ state: 'failed', reason: '退款金额超限' });
    fake.failRefund('卖家余额不足');
    expect(await refund('R3', '1.00')).toEqual({ state: 'failed', reason: '卖家余额不足' });

    expect(await channel.queryRefund(no, 'R1')).toEqual({ state: 'success', channelRefundNo: `${tradeNo}_R1` });
    expect(await channel.queryRefund(no, 'R3')).toEqual({ state: 'failed', reason: MSG_ALIPAY_REFUND_NOT_FOUND });

    // The rest: the trade closes, and refund_fee in its notification is the total refunded (5.00 + 7.30).
    expect(await refund('R4', '7.30')).toEqual({ state: 'success', channelRefundNo: `${tradeNo}_R4` });
    expect(fake.state(no)?.status).toBe('TRADE_CLOSED');
    expect((await receiver.next()).result).toMatchObject({ kind: 'refund', outRefundNo: 'R4', amount: '12.30', state: 'success' });

    expect(
      await channel.refund({ orderNo: orderNo(), refundNo: 'R9', refundPrice: '1.00', totalPrice: '1.00', reason: '' }, receiver.url),
    ).toEqual({ state: 'failed', reason: '交易不存在' });
  });

  it('answers Alipay in its own words', () => {
    expect(channel.answer(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(channel.answer(false, '签名验证失败')).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'fail' });
  });
});

describe('an unreachable Alipay', () => {
  it('gives up on a hanging gateway within the timeout', async () => {
    const hanging = await startAlipayFake({ appId: APP_ID, appPublicKeyPem: appKeys.publicKeyPem });
    try {
      hanging.hang();
      const slow = createAlipayChannel({ ...settings, gateway: hanging.url }, { timeoutMs: 300 });
      const started = Date.now();
      expect(await refused(slow.query(orderNo()))).toBe(`ChannelFailure: ${MSG_ALIPAY_TIMEOUT}`);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await hanging.close();
    }
  });

  it('says Alipay is unavailable when nothing listens', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const gone = createAlipayChannel({ ...settings, gateway: `http://127.0.0.1:${port}/gateway.do` }, { timeoutMs: 2000 });
    expect(await refused(gone.query(orderNo()))).toBe(`ChannelFailure: ${MSG_ALIPAY_UNAVAILABLE}`);
  });
});
