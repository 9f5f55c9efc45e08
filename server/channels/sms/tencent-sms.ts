import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import { isIP, type LookupFunction } from 'node:net';
import type * as TencentSmsModule from 'tencentcloud-sdk-nodejs-sms';
import type { SendSmsRequest, SendSmsResponse } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models';
import { scrubbed, SmsFailure, withinDeadline, type SmsSender } from './sms-sender';
import { DEFAULT_TENCENT_SMS_HOST, isLocalAddress, type SmsEndpoint, type TencentSmsSettings } from './sms-settings';

// Loaded only when SMS_MODE=tencent, so the log mode does not pay for the SDK.
const requireCjs = createRequire(import.meta.url);

/** Tencent SMS answers per region; SendSms is served the same from any of them. */
const REGION = 'ap-guangzhou';

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Resolves every name to one address: the socket goes there whatever host the request names. */
function lookupTo(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * The SDK's endpoint, scheme and agent for an endpoint setting. The SDK signs (TC3-HMAC-SHA256) for the
 * service named by its endpoint's first label, so an address such as 127.0.0.1 would be signed as service "127".
 * For a local fake the request keeps Tencent's host name, signed as Tencent expects, and the agent connects to
 * the address given.
 */
function sdkEndpoint(endpoint: SmsEndpoint): { endpoint: string; protocol: string; agent?: HttpAgent } {
  const port = endpoint.port === null ? '' : `:${endpoint.port}`;
  const protocol = `${endpoint.protocol}://`;
  if (!isLocalAddress(endpoint.hostname)) return { endpoint: `${endpoint.hostname}${port}`, protocol };
  const address = endpoint.hostname === 'localhost' ? '127.0.0.1' : endpoint.hostname;
  const options = { lookup: lookupTo(address) };
  return { endpoint: `${DEFAULT_TENCENT_SMS_HOST}${port}`, protocol, agent: endpoint.protocol === 'https' ? new HttpsAgent(options) : new HttpAgent(options) };
}

/**
 * 腾讯云短信 SendSms (API 2021-01-11) through the official SDK. The number goes in E.164 (+86…), the template's
 * one parameter is the code; the answer's SendStatusSet[0].Code must be "Ok".
 */
export function tencentSmsSender(settings: TencentSmsSettings, timeoutMs: number): SmsSender {
  const { sms } = requireCjs('tencentcloud-sdk-nodejs-sms') as typeof TencentSmsModule;
  const target = sdkEndpoint(settings.endpoint);
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: REGION,
    profile: {
      httpProfile: {
        endpoint: target.endpoint,
        protocol: target.protocol,
        // Seconds; the deadline below aborts the request at the same moment.
        reqTimeout: timeoutMs / 1000,
        ...(target.agent === undefined ? {} : { agent: target.agent }),
      },
    },
  });
  const hidden = (code: string) => [code, settings.secretKey];

  return {
    provider: 'tencent',
    send: async (mobile, code) => {
      const request: SendSmsRequest = {
        PhoneNumberSet: [mobile.startsWith('+') ? mobile : `+86${mobile}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templateId,
        TemplateParamSet: [code],
      };
      const answer = (await withinDeadline('tencent', timeoutMs, (signal) => client.request('SendSms', request, { signal })).catch((error: unknown) => {
        if (error instanceof SmsFailure) throw error;
        // The SDK's exception carries Response.Error's Code and Message; a network failure only a message.
        const message = textOf(fieldOf(error, 'message')) ?? String(error);
        throw new SmsFailure('tencent', textOf(fieldOf(error, 'code')) ?? 'NetworkError', scrubbed(message, hidden(code)));
      })) as SendSmsResponse;
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        throw new SmsFailure('tencent', textOf(status?.Code) ?? 'EmptyAnswer', scrubbed(status?.Message ?? '', hidden(code)));
      }
    },
  };
}
