import { aliyunSmsSender } from './aliyun-sms';
import { logSmsSender, SmsFailure, type SmsLog, type SmsSender } from './sms-sender';
import { readSmsSettings } from './sms-settings';
import type { ChannelEnv } from '../channel-env';
import { tencentSmsSender } from './tencent-sms';

export { DEFAULT_SMS_TIMEOUT_MS, MSG_SMS_FAILED, SmsFailure, type SmsLog, type SmsSender } from './sms-sender';
export { readSmsSettings, SMS_PROVIDERS, type SmsProvider, type SmsSettings } from './sms-settings';

/**
 * The sender SMS_MODE chooses (config.channels, checked by loadConfig). A failed send is logged here once, as a
 * warn line naming the provider, its code and message, and rethrown as SmsFailure for the route to answer.
 */
export function createSmsSender(channels: ChannelEnv, timeoutMs: number, log: SmsLog): SmsSender {
  const { settings, problems } = readSmsSettings(channels);
  if (problems.length > 0) throw new Error(`SMS settings are invalid: ${problems.join('; ')}`);
  if (settings.provider === 'log') return logSmsSender(log);
  const sender = settings.provider === 'aliyun' ? aliyunSmsSender(settings.aliyun, timeoutMs) : tencentSmsSender(settings.tencent, timeoutMs);
  return {
    provider: sender.provider,
    send: async (mobile, code, requestLog) => {
      try {
        await sender.send(mobile, code);
      } catch (error) {
        const failure = error instanceof SmsFailure ? error : new SmsFailure(sender.provider, 'Unexpected', error instanceof Error ? error.name : 'unknown error');
        (requestLog ?? log).warn(failure.logLine());
        throw failure;
      }
    },
  };
}
