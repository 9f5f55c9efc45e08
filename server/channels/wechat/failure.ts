/**
 * What goes wrong when we call the WeChat server API (api.weixin.qq.com), as one typed error. The message is
 * Chinese and safe to show an operator or to log: it names the API path and WeChat's errcode/errmsg, never the
 * appsecret, an access token, a login code's session key or a full URL (the token travels in the query string).
 */

/**
 * `api`: WeChat answered with errcode ≠ 0; `timeout`: no answer within the adapter's deadline; `network`: the
 * server could not be reached; `answer`: an answer we cannot read (not JSON, HTTP error, a field missing);
 * `input`: refused before sending (a shipping upload missing what WeChat requires).
 */
export type WechatFailureKind = 'api' | 'timeout' | 'network' | 'answer' | 'input';

/** The messages of a failure, by kind (the house style: Chinese literals in one exported place). */
export const WECHAT_FAILURE_MESSAGES = {
  api: (api: string, errcode: number, errmsg: string) => `微信接口 ${api} 返回错误 ${errcode}：${errmsg}`,
  timeout: (api: string, ms: number) => `微信接口 ${api} 超过 ${formatSeconds(ms)} 秒没有响应（超时），请稍后重试`,
  network: (api: string, reason: string) => `无法连接微信接口 ${api}（${reason}），请稍后重试`,
  answer: (api: string, detail: string) => `微信接口 ${api} 的应答无法识别：${detail}`,
  input: (detail: string) => `发货信息不完整：${detail}`,
} as const;

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

export class WechatApiFailure extends Error {
  constructor(
    readonly kind: WechatFailureKind,
    /** The API path (no query string), e.g. `/sns/jscode2session`. */
    readonly api: string,
    /** WeChat's errcode for kind `api`, otherwise null. */
    readonly errcode: number | null,
    /** WeChat's errmsg for kind `api` (with its rid, which WeChat's support asks for), otherwise ''. */
    readonly errmsg: string,
    message: string,
  ) {
    super(message);
    this.name = 'WechatApiFailure';
  }

  static api(api: string, errcode: number, errmsg: string): WechatApiFailure {
    return new WechatApiFailure('api', api, errcode, errmsg, WECHAT_FAILURE_MESSAGES.api(api, errcode, errmsg));
  }

  static timeout(api: string, ms: number): WechatApiFailure {
    return new WechatApiFailure('timeout', api, null, '', WECHAT_FAILURE_MESSAGES.timeout(api, ms));
  }

  static network(api: string, reason: string): WechatApiFailure {
    return new WechatApiFailure('network', api, null, '', WECHAT_FAILURE_MESSAGES.network(api, reason));
  }

  static answer(api: string, detail: string): WechatApiFailure {
    return new WechatApiFailure('answer', api, null, '', WECHAT_FAILURE_MESSAGES.answer(api, detail));
  }

  static input(api: string, detail: string): WechatApiFailure {
    return new WechatApiFailure('input', api, null, '', WECHAT_FAILURE_MESSAGES.input(detail));
  }
}
