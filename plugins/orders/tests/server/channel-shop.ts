/**
 * A demo shop whose payments go through a real channel's local fake (tests/support/fakes): the fake is started first,
 * then the shop on a port known in advance, so the notify URLs it gives the channel (PUBLIC_BASE_URL) reach it.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { alipayEnvFiles, makeRsaKeys, startAlipayFake, type AlipayFake } from '../../../../tests/support/fakes/alipay-fake';
import { startWechatApiFake, wechatApiTestEnv, type WechatApiFake } from '../../../../tests/support/fakes/wechat-api-fake';
import { startWechatPayFake, type WechatPayFake } from '../../../../tests/support/fakes/wechat-pay-fake';
import { freePort } from '../../../../tests/support/product-server';
import { startWithDemoSessions, tempDir, type DemoServer, type DemoSessions } from '../../../../tests/server/helpers';

export const WECHAT_APP_ID = 'wx1234567890abcdef';
export const WECHAT_MCH_ID = '1900000109';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const ALIPAY_APP_ID = '2021000000000001';
const WECHAT_APP_SECRET = 'a'.repeat(32);

export interface ChannelShop extends DemoServer {
  readonly wechat: WechatPayFake;
  /** Verifies what the shop signs as the WeChat Pay merchant (the client's paySign). */
  readonly merchantPublicKeyPem: string;
  readonly alipay: AlipayFake;
  /** The mini-program's server API (login, shipping info). */
  readonly wechatApi: WechatApiFake;
}

/** Starts both fakes and a shop with PAY_MODE=wechat,alipay pointing at them; stops them after the file. */
export function useChannelShop(env: Record<string, string> = {}): ChannelShop {
  let sessions: DemoSessions | undefined;
  let wechat: WechatPayFake | undefined;
  let alipay: AlipayFake | undefined;
  let wechatApi: WechatApiFake | undefined;
  const keys = tempDir('pay-keys');
  let merchantPublicKeyPem = '';
  beforeAll(async () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    merchantPublicKeyPem = merchant.publicKey;
    const apiV3Key = randomBytes(16).toString('hex');
    wechat = await startWechatPayFake({ mchId: WECHAT_MCH_ID, appId: WECHAT_APP_ID, apiV3Key, merchantPublicKeyPem: merchant.publicKey, merchantSerial: MERCHANT_SERIAL });
    const appKeys = makeRsaKeys();
    alipay = await startAlipayFake({ appId: ALIPAY_APP_ID, appPublicKeyPem: appKeys.publicKeyPem });
    wechatApi = await startWechatApiFake({ appId: WECHAT_APP_ID, appSecret: WECHAT_APP_SECRET });
    fs.writeFileSync(path.join(keys, 'apiclient_key.pem'), merchant.privateKey, { mode: 0o600 });
    fs.writeFileSync(path.join(keys, 'wechatpay_pub.pem'), wechat.publicKeyPem);
    const port = await freePort();
    sessions = await startWithDemoSessions({
      listen: true,
      port,
      env: {
        PAY_MODE: 'wechat,alipay',
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ...wechatApiTestEnv(wechatApi, { appId: WECHAT_APP_ID, appSecret: WECHAT_APP_SECRET }),
        WECHAT_PAY_MCH_ID: WECHAT_MCH_ID,
        WECHAT_PAY_CERT_SERIAL: MERCHANT_SERIAL,
        WECHAT_PAY_PRIVATE_KEY_FILE: path.join(keys, 'apiclient_key.pem'),
        WECHAT_PAY_API_V3_KEY: apiV3Key,
        WECHAT_PAY_PUBLIC_KEY_FILE: path.join(keys, 'wechatpay_pub.pem'),
        WECHAT_PAY_PUBLIC_KEY_ID: wechat.publicKeyId,
        WECHAT_PAY_BASE: wechat.url,
        ...alipayEnvFiles(keys, alipay, appKeys.privateKeyPem),
        ...env,
      },
    });
  });
  afterAll(async () => {
    await sessions?.server.close();
    await wechat?.close();
    await alipay?.close();
    await wechatApi?.close();
    fs.rmSync(keys, { recursive: true, force: true });
  });
  const get = () => {
    if (sessions === undefined || wechat === undefined || alipay === undefined || wechatApi === undefined) throw new Error('useChannelShop starts in beforeAll');
    return { sessions, wechat, alipay, wechatApi };
  };
  return {
    get server() {
      return get().sessions.server;
    },
    get app() {
      return get().sessions.server.app;
    },
    get admin() {
      return get().sessions.admin.token;
    },
    get clerk() {
      return get().sessions.clerk.token;
    },
    get adminSession() {
      return get().sessions.admin;
    },
    get clerkSession() {
      return get().sessions.clerk;
    },
    get wsBase() {
      return get().sessions.wsBase;
    },
    get wechat() {
      return get().wechat;
    },
    get alipay() {
      return get().alipay;
    },
    get wechatApi() {
      return get().wechatApi;
    },
    get merchantPublicKeyPem() {
      return merchantPublicKeyPem;
    },
  };
}

/** The member's openid, as a WeChat login (/app/auth/weixinLogin) binds it. */
export async function giveOpenid(demo: DemoServer, memberId: string, openid: string): Promise<void> {
  await sql`update cust_member set openid = ${openid} where id = ${memberId}`.execute(demo.app.db);
}

export interface NoticeRow {
  channel: string;
  kind: string;
  order_no: string | null;
  refund_no: string | null;
  amount: string | null;
  verified: string;
  result: string;
  reason: string;
}

/** 支付通知's rows, oldest first (of tenant 1 unless said). */
export async function notices(demo: DemoServer, since: Date): Promise<NoticeRow[]> {
  const found = await sql<NoticeRow>`select channel, kind, order_no, refund_no, amount::text as amount, verified, result, reason from sale_pay_notice
    where received_time >= ${since} order by received_time, create_time`.execute(demo.app.db);
  return found.rows;
}
