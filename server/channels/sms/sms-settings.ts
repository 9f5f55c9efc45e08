import { isIP } from 'node:net';
import type { ChannelEnv, ChannelVariable } from '../channel-env';

/** How login and registration codes leave the server (SMS_MODE). */
export const SMS_PROVIDERS = ['log', 'aliyun', 'tencent'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export const DEFAULT_ALIYUN_SMS_HOST = 'dysmsapi.aliyuncs.com';
export const DEFAULT_TENCENT_SMS_HOST = 'sms.tencentcloudapi.com';

/** Where a provider's API is reached: https to the vendor's host, or http to a local fake (tests, staging). */
export interface SmsEndpoint {
  protocol: 'http' | 'https';
  hostname: string;
  /** null: the protocol's default port. */
  port: number | null;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: SmsEndpoint;
}

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  endpoint: SmsEndpoint;
}

export type SmsSettings = { provider: 'log' } | { provider: 'aliyun'; aliyun: AliyunSmsSettings } | { provider: 'tencent'; tencent: TencentSmsSettings };

const ALIYUN_REQUIRED = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const;
const TENCENT_REQUIRED = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'] as const;

function isSmsProvider(value: string): value is SmsProvider {
  return (SMS_PROVIDERS as readonly string[]).includes(value);
}

/** A name that stands for this machine or a bare address: a local fake, never a vendor. */
export function isLocalAddress(hostname: string): boolean {
  return hostname === 'localhost' || isIP(hostname) !== 0;
}

/**
 * An endpoint variable: a host (`dysmsapi.aliyuncs.com`, https) or an origin (`http://127.0.0.1:4010`), with
 * no path: the SDKs add their own.
 */
function endpointOf(channels: ChannelEnv, name: ChannelVariable, fallback: string, problems: string[]): SmsEndpoint {
  const raw = channels[name] ?? fallback;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL | null = null;
  try {
    url = new URL(withScheme);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '') {
    problems.push(`${name} must be a host name or an http(s):// origin without a path (got "${raw}")`);
    return { protocol: 'https', hostname: fallback, port: null };
  }
  // URL keeps IPv6 addresses bracketed; the SDKs and the socket take them bare.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', hostname, port: url.port === '' ? null : Number(url.port) };
}

function missingOf(channels: ChannelEnv, names: readonly ChannelVariable[]): ChannelVariable[] {
  return names.filter((name) => channels[name] === undefined);
}

/**
 * SMS_MODE and the chosen provider's variables, checked as a whole: a missing or malformed variable is a
 * problem for loadConfig to report at start-up, never a surprise at the first login.
 */
export function readSmsSettings(channels: ChannelEnv): { settings: SmsSettings; problems: string[] } {
  const problems: string[] = [];
  const mode = channels.SMS_MODE ?? 'log';
  if (!isSmsProvider(mode)) {
    problems.push(`SMS_MODE must be one of ${SMS_PROVIDERS.map((name) => `"${name}"`).join(', ')} (got "${mode}"); "log" writes the codes to the server log`);
    return { settings: { provider: 'log' }, problems };
  }
  if (mode === 'log') return { settings: { provider: 'log' }, problems };

  if (mode === 'aliyun') {
    const missing = missingOf(channels, ALIYUN_REQUIRED);
    if (missing.length > 0) problems.push(`SMS_MODE=aliyun needs ${missing.join(', ')}`);
    const endpoint = endpointOf(channels, 'ALIYUN_SMS_ENDPOINT', DEFAULT_ALIYUN_SMS_HOST, problems);
    return {
      settings: {
        provider: 'aliyun',
        aliyun: {
          accessKeyId: channels.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
          accessKeySecret: channels.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
          signName: channels.ALIYUN_SMS_SIGN_NAME ?? '',
          templateCode: channels.ALIYUN_SMS_TEMPLATE_CODE ?? '',
          endpoint,
        },
      },
      problems,
    };
  }

  const missing = missingOf(channels, TENCENT_REQUIRED);
  if (missing.length > 0) problems.push(`SMS_MODE=tencent needs ${missing.join(', ')}`);
  for (const name of ['TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_TEMPLATE_ID'] as const) {
    const value = channels[name];
    if (value !== undefined && !/^\d+$/.test(value)) problems.push(`${name} must be the number the SMS console shows (got "${value}")`);
  }
  const endpoint = endpointOf(channels, 'TENCENT_SMS_ENDPOINT', DEFAULT_TENCENT_SMS_HOST, problems);
  // The SDK signs for the service its endpoint's first label names (sms.… → "sms"): another vendor host would
  // be refused by Tencent. A local address is fine: the adapter then signs for Tencent's host (tencent-sms.ts).
  if (!isLocalAddress(endpoint.hostname) && !endpoint.hostname.startsWith('sms.')) {
    problems.push(`TENCENT_SMS_ENDPOINT must be an sms.… host of Tencent Cloud (e.g. ${DEFAULT_TENCENT_SMS_HOST}) or the http:// address of a local fake (got "${channels.TENCENT_SMS_ENDPOINT ?? ''}")`);
  }
  return {
    settings: {
      provider: 'tencent',
      tencent: {
        secretId: channels.TENCENT_SMS_SECRET_ID ?? '',
        secretKey: channels.TENCENT_SMS_SECRET_KEY ?? '',
        sdkAppId: channels.TENCENT_SMS_SDK_APP_ID ?? '',
        signName: channels.TENCENT_SMS_SIGN_NAME ?? '',
        templateId: channels.TENCENT_SMS_TEMPLATE_ID ?? '',
        endpoint,
      },
    },
    problems,
  };
}
