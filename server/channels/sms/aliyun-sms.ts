import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import type * as OpenApiModule from '@alicloud/openapi-client';
import { scrubbed, SmsFailure, withinDeadline, type SmsSender } from './sms-sender';
import type { AliyunSmsSettings } from './sms-settings';

// The SDKs are CommonJS modules whose class is their `default` export: whether an ESM default import yields the
// class or the module object depends on the loader's interop (Node gives the module object). Loading them with
// require gives the same object everywhere, and only when SMS_MODE=aliyun (the SDK takes half a second to load).
const requireCjs = createRequire(import.meta.url);

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * 阿里云短信 SendSms (dysmsapi 2017-05-25) through the official SDK, which signs with the V3 scheme
 * (ACS3-HMAC-SHA256). The template carries the code as its `code` variable; the answer's Code must be "OK".
 */
export function aliyunSmsSender(settings: AliyunSmsSettings, timeoutMs: number): SmsSender {
  const dysmsapi = requireCjs('@alicloud/dysmsapi20170525') as typeof DysmsapiModule;
  const openApi = requireCjs('@alicloud/openapi-client') as typeof OpenApiModule;
  const { endpoint } = settings;
  const host = isIP(endpoint.hostname) === 6 ? `[${endpoint.hostname}]` : endpoint.hostname;
  const client = new dysmsapi.default(
    new openApi.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      // The SDK takes the endpoint as host[:port] and the scheme apart: HTTP only for a local fake.
      endpoint: endpoint.port === null ? host : `${host}:${endpoint.port}`,
      protocol: endpoint.protocol.toUpperCase(),
      readTimeout: timeoutMs,
      connectTimeout: timeoutMs,
    }),
  );
  const failure = (error: unknown, code: string): SmsFailure => {
    if (error instanceof SmsFailure) return error;
    // The SDK's errors carry the service's Code and, in `data`, its answer; a socket error only its errno.
    const providerCode = textOf(fieldOf(error, 'code')) ?? 'NetworkError';
    const message = textOf(fieldOf(fieldOf(error, 'data'), 'Message')) ?? textOf(fieldOf(error, 'message')) ?? String(error);
    return new SmsFailure('aliyun', providerCode, scrubbed(message, [code, settings.accessKeySecret]));
  };

  return {
    provider: 'aliyun',
    send: async (mobile, code) => {
      const answer = await withinDeadline('aliyun', timeoutMs, () =>
        client.sendSms(
          new dysmsapi.SendSmsRequest({
            phoneNumbers: mobile,
            signName: settings.signName,
            templateCode: settings.templateCode,
            templateParam: JSON.stringify({ code }),
          }),
        ),
      ).catch((error: unknown) => {
        throw failure(error, code);
      });
      const body = answer.body;
      if (body?.code !== 'OK') {
        throw new SmsFailure('aliyun', textOf(body?.code) ?? 'EmptyAnswer', scrubbed(body?.message ?? '', [code, settings.accessKeySecret]));
      }
    },
  };
}
