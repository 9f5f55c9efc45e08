import { API } from '../../../../src/contracts/api-paths';
import { ConfigError, type ChannelEnv } from '../../../../server/kit';
import { alipaySettings, createAlipayChannel } from '../channels/alipay';
import type { RealPaymentChannel } from '../channels/contract';
import { createWechatPayChannel, wechatPaySettings } from '../channels/wechat-pay';

/**
 * The payment channels of this server, from PAY_MODE and the channels' variables (docs/business-api.md "Channels"):
 * `demo` (the default) settles at once; `wechat`, `alipay` (a comma list) are the real ones. A real channel's settings
 * are checked at start, every problem named, so a shop never learns of a missing key from its first buyer.
 */

export const NOTIFY_PATHS = {
  wechatOrder: API.payNotifyWechatOrder,
  wechatRefund: API.payNotifyWechatRefund,
  alipay: API.payNotifyAlipay,
} as const;

export type NotifyPath = (typeof NOTIFY_PATHS)[keyof typeof NOTIFY_PATHS];

const REAL_CODES = ['wechat', 'alipay'] as const;

export interface ChannelOptions {
  /** How long a channel call may take (tests shorten it). */
  timeoutMs?: number;
}

export class PaymentChannels {
  private constructor(
    /** The real channels in PAY_MODE's order (the first is a mini-program payment's default). */
    private readonly real: readonly RealPaymentChannel[],
    /** The origin notify URLs are built from, with the API base (PUBLIC_BASE_URL + API_BASE). */
    private readonly notifyBase: string,
  ) {}

  static fromConfig(config: { channels: ChannelEnv; apiBase: string; channelTimeoutMs: number }): PaymentChannels {
    const env = config.channels;
    const options: ChannelOptions = { timeoutMs: config.channelTimeoutMs };
    const modes = (env.PAY_MODE ?? 'demo').split(',').map((mode) => mode.trim()).filter((mode) => mode !== '');
    const problems: string[] = [];
    const unknown = modes.filter((mode) => mode !== 'demo' && !(REAL_CODES as readonly string[]).includes(mode));
    if (unknown.length > 0) problems.push(`PAY_MODE must be "demo" or a comma list of ${REAL_CODES.join(', ')} (not ${unknown.map((mode) => `"${mode}"`).join(', ')})`);
    if (modes.includes('demo') && modes.length > 1) problems.push('PAY_MODE=demo cannot be combined with a real channel');
    const real: RealPaymentChannel[] = [];
    if (modes.includes('wechat')) {
      const { settings, problems: found } = wechatPaySettings(env);
      problems.push(...found);
      if (settings === null && found.length === 0) problems.push('PAY_MODE=wechat needs the WECHAT_PAY_* variables');
      if (settings !== null && found.length === 0) real.push(createWechatPayChannel(settings, options));
    }
    if (modes.includes('alipay')) {
      const { settings, problems: found } = alipaySettings(env);
      problems.push(...found);
      if (settings === null && found.length === 0) problems.push('PAY_MODE=alipay needs the ALIPAY_* variables');
      if (settings !== null && found.length === 0) real.push(createAlipayChannel(settings, options));
    }
    const publicBase = env.PUBLIC_BASE_URL ?? '';
    if (modes.some((mode) => mode !== 'demo') && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicBase)) {
      problems.push('A real payment channel needs PUBLIC_BASE_URL (the shop\'s public origin, e.g. https://shop.example.com): the channels send their notifications there');
    }
    if (problems.length > 0) throw new ConfigError(problems);
    return new PaymentChannels(real, `${publicBase.replace(/\/+$/, '')}${config.apiBase}`);
  }

  /** Whether payments settle through the demo channel (no real channel configured). */
  get demo(): boolean {
    return this.real.length === 0;
  }

  /** The channel a mini-program payment goes through: the one asked for (when configured), else the first. */
  forApp(requested: string | undefined): RealPaymentChannel | null {
    if (requested === undefined || requested === '') return this.real[0] ?? null;
    return this.real.find((channel) => channel.code === requested) ?? null;
  }

  /** The real channel an order paid through `code` is queried and refunded through; null for demo and counter payments. */
  byCode(code: string | null): RealPaymentChannel | null {
    return this.real.find((channel) => channel.code === code) ?? null;
  }

  notifyUrl(path: NotifyPath): string {
    return `${this.notifyBase}${path}`;
  }
}
