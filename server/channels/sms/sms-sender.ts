import { ApiError } from '../../http/envelope';
import type { SmsProvider } from './sms-settings';

/** What the code routes answer when the provider did not take the message; the user may ask again later. */
export const MSG_SMS_FAILED = '短信发送失败，请稍后重试';

/** How long a provider may take to answer a send, unless CHANNEL_TIMEOUT_MS says less. */
export { DEFAULT_CHANNEL_TIMEOUT_MS as DEFAULT_SMS_TIMEOUT_MS } from '../channel-env';

/** Sends a login / registration code to a mobile through the configured provider (SMS_MODE). */
export interface SmsSender {
  readonly provider: SmsProvider;
  /**
   * Resolves once the provider accepted the message; throws SmsFailure otherwise (never a silent success). `log` is the
   * request's logger, so the lines it writes carry the request's id (the app's logger when none is given).
   */
  send(mobile: string, code: string, log?: SmsLog): Promise<void>;
}

/** Where a sender writes: the app's logger. */
export interface SmsLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The provider refused the message, failed, or did not answer in time. It answers the request as the business
 * error MSG_SMS_FAILED (HTTP 200, code 500, like every "could not do that" answer); the provider's own code and
 * message are for the server log only.
 */
export class SmsFailure extends ApiError {
  constructor(
    readonly provider: SmsProvider,
    /** The provider's error code (SignatureDoesNotMatch, LimitExceeded.PhoneNumberDailyLimit …), or Timeout / NetworkError. */
    readonly providerCode: string,
    readonly providerMessage: string,
  ) {
    super(MSG_SMS_FAILED, 200, 500);
    this.name = 'SmsFailure';
  }

  /** The warn line: the provider, its code and message (never the code sent, never a secret). */
  logLine(): string {
    return `SMS not sent by ${this.provider}: ${this.providerCode}${this.providerMessage === '' ? '' : ` (${this.providerMessage})`}`;
  }
}

/** SMS_MODE=log (demo): the operator reads the code from the server log; nothing leaves the server. */
export function logSmsSender(log: SmsLog): SmsSender {
  return {
    provider: 'log',
    send: async (mobile, code, requestLog) => {
      (requestLog ?? log).info(`SMS code for ${mobile}: ${code}`);
    },
  };
}

/**
 * Runs a provider call with a deadline. The SDKs get the same limit as their own socket timeouts; this makes
 * sure the caller hears within it even when an SDK's timer does not fire (a connection that never completes).
 */
export async function withinDeadline<T>(provider: SmsProvider, timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  let onAbort: (() => void) | null = null;
  const expired = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new SmsFailure(provider, 'Timeout', `no answer within ${timeoutMs} ms`));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([run(signal), expired]);
  } finally {
    if (onAbort !== null) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * A provider's message as it may be logged: any echo of the code sent or of the secret is masked, whatever
 * the provider chose to repeat back.
 */
export function scrubbed(text: string, hidden: readonly string[]): string {
  return hidden.filter((value) => value !== '').reduce((result, value) => result.split(value).join('***'), text).slice(0, 300);
}
