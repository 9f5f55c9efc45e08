/**
 * WeChat Pay APIv3 configuration, read from the environment (the variable names are fixed in
 * docs/business-api.md, "Channels"). Keys are held as KeyObjects so that logging the settings
 * never prints a key; a problem names the variable and never the secret it holds.
 */
import { createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

export const WECHAT_PAY_DEFAULT_BASE = 'https://api.mch.weixin.qq.com';

export interface WechatPaySettings {
  /** The mini-program's appid (WECHAT_APP_ID), the one the buyer pays in. */
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate, named in every request's Authorization. */
  certSerial: string;
  /** The merchant API private key: signs requests and the client's paySign. */
  privateKey: KeyObject;
  /** The APIv3 key (32 bytes): decrypts notification resources. */
  apiV3Key: KeyObject;
  /** WeChat Pay's public key ("微信支付公钥"): verifies answers and notifications. */
  publicKey: KeyObject;
  /** Its id (PUB_KEY_ID_…): sent as Wechatpay-Serial and expected back in every signed answer. */
  publicKeyId: string;
  /** Where the API lives, without a trailing slash. */
  base: string;
}

/** The variables whose presence says the shop means to use WeChat Pay (WECHAT_APP_ID alone is the mini-program login). */
const PAY_VARIABLES = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_CERT_SERIAL',
  'WECHAT_PAY_PRIVATE_KEY_FILE',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PUBLIC_KEY_FILE',
  'WECHAT_PAY_PUBLIC_KEY_ID',
  'WECHAT_PAY_BASE',
] as const;

type Env = Record<string, string | undefined>;

const valueOf = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** Reads a key file; the error names the variable and the path, never what the file holds. */
function readKeyFile(env: Env, name: string, problems: string[]): string | undefined {
  const file = valueOf(env, name);
  if (file === undefined) {
    problems.push(`${name} is required (path of a PEM file)`);
    return undefined;
  }
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    problems.push(`${name} cannot be read ("${file}": ${code})`);
    return undefined;
  }
}

function privateKeyFrom(env: Env, problems: string[]): KeyObject | undefined {
  const name = 'WECHAT_PAY_PRIVATE_KEY_FILE';
  const pem = readKeyFile(env, name, problems);
  if (pem === undefined) return undefined;
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa') return key;
  } catch {
    // The parser's message is not shown: it could quote the file.
  }
  problems.push(`${name} must be the merchant's RSA private key in PEM form (apiclient_key.pem)`);
  return undefined;
}

function publicKeyFrom(env: Env, problems: string[]): KeyObject | undefined {
  const name = 'WECHAT_PAY_PUBLIC_KEY_FILE';
  const pem = readKeyFile(env, name, problems);
  if (pem === undefined) return undefined;
  // createPublicKey also accepts a private key; a private key in this file would be a mistake worth saying.
  if (/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem)) {
    try {
      const key = createPublicKey(pem);
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // Reported below.
    }
  }
  problems.push(`${name} must be WeChat Pay's RSA public key in PEM form (pub_key.pem, "-----BEGIN PUBLIC KEY-----")`);
  return undefined;
}

function baseFrom(env: Env, problems: string[]): string {
  const raw = valueOf(env, 'WECHAT_PAY_BASE') ?? WECHAT_PAY_DEFAULT_BASE;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    problems.push(`WECHAT_PAY_BASE must be an http(s) URL without query (got "${raw}")`);
    return WECHAT_PAY_DEFAULT_BASE;
  }
  return raw.replace(/\/+$/, '');
}

/**
 * The WeChat Pay settings, or null when no WECHAT_PAY_* variable is set (the channel is not configured,
 * which is not a problem). Once any is set, every missing or bad one is listed.
 */
export function wechatPaySettings(env: Env): { settings: WechatPaySettings | null; problems: string[] } {
  if (PAY_VARIABLES.every((name) => valueOf(env, name) === undefined)) return { settings: null, problems: [] };
  const problems: string[] = [];

  const appId = valueOf(env, 'WECHAT_APP_ID');
  if (appId === undefined) problems.push('WECHAT_APP_ID is required for WeChat Pay (the mini-program appid the buyer pays in)');

  const mchId = valueOf(env, 'WECHAT_PAY_MCH_ID');
  if (mchId === undefined) problems.push('WECHAT_PAY_MCH_ID is required');
  else if (!/^\d+$/.test(mchId)) problems.push('WECHAT_PAY_MCH_ID must be the merchant number (digits)');

  const certSerial = valueOf(env, 'WECHAT_PAY_CERT_SERIAL');
  if (certSerial === undefined) problems.push('WECHAT_PAY_CERT_SERIAL is required');
  else if (!/^[0-9A-Fa-f]+$/.test(certSerial)) problems.push('WECHAT_PAY_CERT_SERIAL must be the merchant certificate serial number (hexadecimal)');

  const privateKey = privateKeyFrom(env, problems);

  const rawV3Key = env.WECHAT_PAY_API_V3_KEY ?? '';
  let apiV3Key: KeyObject | undefined;
  if (rawV3Key === '') problems.push('WECHAT_PAY_API_V3_KEY is required');
  else if (Buffer.byteLength(rawV3Key, 'utf8') !== 32) {
    problems.push(`WECHAT_PAY_API_V3_KEY must be exactly 32 bytes (got ${Buffer.byteLength(rawV3Key, 'utf8')})`);
  } else apiV3Key = createSecretKey(Buffer.from(rawV3Key, 'utf8'));

  const publicKey = publicKeyFrom(env, problems);

  const publicKeyId = valueOf(env, 'WECHAT_PAY_PUBLIC_KEY_ID');
  if (publicKeyId === undefined) problems.push('WECHAT_PAY_PUBLIC_KEY_ID is required (PUB_KEY_ID_…)');
  else if (!publicKeyId.startsWith('PUB_KEY_ID_')) problems.push('WECHAT_PAY_PUBLIC_KEY_ID must start with PUB_KEY_ID_');

  const base = baseFrom(env, problems);

  if (
    problems.length > 0 ||
    appId === undefined ||
    mchId === undefined ||
    certSerial === undefined ||
    privateKey === undefined ||
    apiV3Key === undefined ||
    publicKey === undefined ||
    publicKeyId === undefined
  ) {
    return { settings: null, problems };
  }
  return { settings: { appId, mchId, certSerial, privateKey, apiV3Key, publicKey, publicKeyId, base }, problems: [] };
}
