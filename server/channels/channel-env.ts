/**
 * The channels' variables (payment, SMS, WeChat, express), as named for outside tooling in docs/business-api.md
 * "Channels". Config keeps exactly these from the environment it was loaded from, so each adapter reads its settings
 * from the config (a test's own environment included) and nothing else of the process environment leaks in.
 */
export const CHANNEL_VARIABLES = [
  'PAY_MODE',
  'WECHAT_APP_ID',
  'WECHAT_APP_SECRET',
  'WECHAT_API_BASE',
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_CERT_SERIAL',
  'WECHAT_PAY_PRIVATE_KEY_FILE',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PUBLIC_KEY_FILE',
  'WECHAT_PAY_PUBLIC_KEY_ID',
  'WECHAT_PAY_BASE',
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_GATEWAY',
  'PUBLIC_BASE_URL',
  'SMS_MODE',
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
  'ALIYUN_SMS_ENDPOINT',
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
  'TENCENT_SMS_ENDPOINT',
  'EXPRESS_MODE',
  'KUAIDI100_KEY',
  'KUAIDI100_CUSTOMER',
  'KUAIDI100_BASE',
] as const;

/** How long one call to a channel may take unless CHANNEL_TIMEOUT_MS (Config.channelTimeoutMs) says less. */
export const DEFAULT_CHANNEL_TIMEOUT_MS = 10_000;

export type ChannelVariable = (typeof CHANNEL_VARIABLES)[number];

/** The channel variables that are set (trimmed; an empty value counts as unset). */
export type ChannelEnv = Readonly<Partial<Record<ChannelVariable, string>>>;

export function channelEnvOf(env: Record<string, string | undefined>): ChannelEnv {
  const kept: Partial<Record<ChannelVariable, string>> = {};
  for (const name of CHANNEL_VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') kept[name] = value;
  }
  return Object.freeze(kept);
}
