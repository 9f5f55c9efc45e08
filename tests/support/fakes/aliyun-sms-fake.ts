/**
 * A local 阿里云短信服务 (Dysmsapi 2017-05-25, SendSms) on 127.0.0.1, for tests of our adapter and of the code
 * routes (also a spawned product server: its `env` points ALIYUN_SMS_ENDPOINT at the fake).
 *
 * It checks requests as the OpenAPI gateway does for the V3 signature (ACS3-HMAC-SHA256, the scheme the 4.x
 * SDK uses): the x-acs-action / x-acs-version of SendSms; an AccessKeyId it knows (404
 * InvalidAccessKeyId.NotFound); x-acs-date within 15 minutes (400 InvalidTimeStamp.Expired); host, content-type
 * and every x-acs-* header present among the SignedHeaders (400 IncompleteSignature); x-acs-content-sha256 equal
 * to the body's SHA-256; and the signature, HMAC-SHA256 under the AccessKey secret of
 * "ACS3-HMAC-SHA256\n" + hex(SHA-256(canonical request)), where the canonical request is
 * METHOD\nURI\nsorted RFC 3986-encoded query\nsigned headers "name:value\n"\nsigned header names\nbody hash —
 * a mismatch answers 400 SignatureDoesNotMatch. A signature nonce is accepted once (400 SignatureNonceUsed).
 * Then the business checks answer HTTP 200 with their Code: the sign name (isv.SMS_SIGNATURE_ILLEGAL), the
 * template (isv.SMS_TEMPLATE_ILLEGAL), the numbers (isv.MOBILE_NUMBER_ILLEGAL), TemplateParam as a JSON object
 * of strings with the template's variables (isv.INVALID_JSON_PARAM / isv.TEMPLATE_MISSING_PARAMETERS); a
 * message taken answers Code "OK" with a BizId and is kept in `sent`.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HangSwitch } from './hang-switch';

const ALGORITHM = 'ACS3-HMAC-SHA256';
const ACTION = 'SendSms';
const VERSION = '2017-05-25';
const MAX_SKEW_MS = 15 * 60_000;
const MAINLAND_MOBILE = /^(?:\+?86|0086)?1[3-9]\d{9}$/;

export interface AliyunSmsFakeOptions {
  accessKeyId?: string;
  accessKeySecret?: string;
  signName?: string;
  templateCode?: string;
  /** The template's variables (default: the code template's one, `code`). */
  templateVariables?: readonly string[];
}

/** A message the fake took. */
export interface AliyunSentSms {
  mobile: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  bizId: string;
}

/** A request as it arrived, for replays. */
export interface AliyunRawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Every answer but "OK": the HTTP status and the Code the fake gave. */
export interface AliyunRefusal {
  status: number;
  code: string;
  message: string;
}

export interface AliyunSmsFake {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** SMS_MODE=aliyun and the ALIYUN_SMS_* variables that point a product server at this fake. */
  env(): Record<string, string>;
  sent: AliyunSentSms[];
  refusals: AliyunRefusal[];
  requests: AliyunRawRequest[];
  /** The AccessKey's secret changes (rotated in the console): a client still signing with the old one is refused. */
  rotateSecret(secret?: string): void;
  /** The next request that passes the signature check answers this business Code (default the flow control). */
  failNext(code?: string, message?: string): void;
  /** true: requests are held unanswered until hang(false) or close(). */
  hang(on: boolean): void;
  /** Resolves when the next request has arrived (before it is answered). */
  nextRequest(): Promise<AliyunRawRequest>;
  /** Sends a request again exactly as it came (a replay by someone who captured it). */
  resend(request: AliyunRawRequest): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** RFC 3986 encoding, as the V3 signature wants it (encodeURIComponent leaves !'()* alone). */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The parts of `ACS3-HMAC-SHA256 Credential=…,SignedHeaders=…,Signature=…`, or null when it is not that. */
function parseAuthorization(header: string | undefined): { accessKeyId: string; signedHeaders: string[]; signature: string } | null {
  const match = /^ACS3-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(header ?? '');
  if (match === null) return null;
  return { accessKeyId: match[1] ?? '', signedHeaders: (match[2] ?? '').split(';'), signature: match[3] ?? '' };
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The canonical request of the V3 signature, from the request as received. */
export function aliyunCanonicalRequest(method: string, url: URL, headers: Record<string, string>, signedHeaders: readonly string[], bodyHash: string): string {
  const query = [...url.searchParams.keys()]
    .filter((key, index, all) => all.indexOf(key) === index)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(url.searchParams.get(key) ?? '')}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join('');
  return [method, url.pathname, query, canonicalHeaders, signedHeaders.join(';'), bodyHash].join('\n');
}

function acsDate(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

export async function startAliyunSmsFake(options: AliyunSmsFakeOptions = {}): Promise<AliyunSmsFake> {
  const accessKeyId = options.accessKeyId ?? `LTAI5t${randomBytes(9).toString('hex')}`;
  let accessKeySecret = options.accessKeySecret ?? randomBytes(22).toString('base64url');
  const signName = options.signName ?? '示例商城';
  const templateCode = options.templateCode ?? `SMS_${randomInt(100_000_000, 999_999_999)}`;
  const templateVariables = options.templateVariables ?? ['code'];

  const sent: AliyunSentSms[] = [];
  const refusals: AliyunRefusal[] = [];
  const requests: AliyunRawRequest[] = [];
  const usedNonces = new Set<string>();
  const arrivals: ((request: AliyunRawRequest) => void)[] = [];
  const hanging = new HangSwitch();
  let nextFailure: { code: string; message: string } | null = null;

  function verifySignature(method: string, url: URL, headers: Record<string, string>, body: string): void {
    const action = headers['x-acs-action'];
    if (action === undefined || action === '') throw new Refusal(400, 'MissingAction', 'Action is mandatory for this request.');
    if (action !== ACTION) throw new Refusal(404, 'InvalidAction.NotFound', `Specified api is not found, please check your url and method.`);
    if (headers['x-acs-version'] !== VERSION) throw new Refusal(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    const auth = parseAuthorization(headers.authorization);
    if (auth === null) throw new Refusal(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (auth.accessKeyId !== accessKeyId) throw new Refusal(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const date = acsDate(headers['x-acs-date'] ?? '');
    if (date === null) throw new Refusal(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    if (Math.abs(Date.now() - date) > MAX_SKEW_MS) throw new Refusal(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    // Every common header present must be signed, and the names come sorted and lower-case.
    const mustSign = Object.keys(headers).filter((name) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-'));
    const sorted = [...auth.signedHeaders].sort();
    if (mustSign.some((name) => !auth.signedHeaders.includes(name)) || sorted.join(';') !== auth.signedHeaders.join(';')) {
      throw new Refusal(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    }
    const bodyHash = sha256Hex(body);
    const canonical = aliyunCanonicalRequest(method, url, headers, auth.signedHeaders, headers['x-acs-content-sha256'] ?? '');
    const expected = createHmac('sha256', accessKeySecret).update(`${ALGORITHM}\n${sha256Hex(canonical)}`).digest('hex');
    if (!sameText(expected, auth.signature) || headers['x-acs-content-sha256'] !== bodyHash) {
      throw new Refusal(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    }
    const nonce = headers['x-acs-signature-nonce'] ?? '';
    if (nonce === '') throw new Refusal(400, 'MissingSignatureNonce', 'SignatureNonce is mandatory for this action.');
    if (usedNonces.has(nonce)) throw new Refusal(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    usedNonces.add(nonce);
  }

  /** SendSms's parameters: the query (as the SDK sends them) and, for a form body, the body. */
  function parametersOf(url: URL, headers: Record<string, string>, body: string): Map<string, string> {
    const parameters = new Map(url.searchParams);
    if ((headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(body)) parameters.set(key, value);
    }
    return parameters;
  }

  function sendSms(parameters: Map<string, string>): Record<string, unknown> {
    const requestId = randomUUID().toUpperCase();
    const refuse = (code: string, message: string): Record<string, unknown> => {
      refusals.push({ status: 200, code, message });
      return { RequestId: requestId, Code: code, Message: message };
    };
    const phones = parameters.get('PhoneNumbers') ?? '';
    if (phones === '') throw new Refusal(400, 'MissingPhoneNumbers', 'PhoneNumbers is mandatory for this action.');
    if ((parameters.get('SignName') ?? '') === '') throw new Refusal(400, 'MissingSignName', 'SignName is mandatory for this action.');
    if ((parameters.get('TemplateCode') ?? '') === '') throw new Refusal(400, 'MissingTemplateCode', 'TemplateCode is mandatory for this action.');
    if (parameters.get('SignName') !== signName) return refuse('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (parameters.get('TemplateCode') !== templateCode) return refuse('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    const mobiles = phones.split(',');
    if (mobiles.some((mobile) => !MAINLAND_MOBILE.test(mobile))) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '手机号码格式错误');
    let params: Record<string, string> = {};
    try {
      const parsed: unknown = JSON.parse(parameters.get('TemplateParam') ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((value) => typeof value !== 'string')) {
        return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
      params = parsed as Record<string, string>;
    } catch {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (templateVariables.some((name) => params[name] === undefined || params[name] === '')) return refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    if (nextFailure !== null) {
      const failure = nextFailure;
      nextFailure = null;
      return refuse(failure.code, failure.message);
    }
    const bizId = `${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}^0`;
    for (const mobile of mobiles) sent.push({ mobile, signName, templateCode, params, bizId });
    return { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: bizId };
  }

  function answer(res: http.ServerResponse, status: number, payload: Record<string, unknown>): void {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', 'x-acs-request-id': String(payload.RequestId ?? '') });
    res.end(JSON.stringify(payload));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, headerText(value)]));
    const raw: AliyunRawRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers, body };
    requests.push(raw);
    for (const arrived of arrivals.splice(0)) arrived(raw);
    await hanging.pass();

    const url = new URL(raw.url, 'http://fake.invalid');
    try {
      verifySignature(raw.method, url, headers, body);
      answer(res, 200, sendSms(parametersOf(url, headers, body)));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refusals.push({ status: error.status, code: error.code, message: error.message });
      const requestId = randomUUID().toUpperCase();
      answer(res, error.status, {
        RequestId: requestId,
        Message: error.message,
        Recommend: `https://api.aliyun.com/troubleshoot?q=${error.code}&product=Dysmsapi`,
        HostId: 'dysmsapi.aliyuncs.com',
        Code: error.code,
      });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    accessKeyId,
    get accessKeySecret() {
      return accessKeySecret;
    },
    signName,
    templateCode,
    sent,
    refusals,
    requests,
    env: () => ({
      SMS_MODE: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: signName,
      ALIYUN_SMS_TEMPLATE_CODE: templateCode,
      ALIYUN_SMS_ENDPOINT: origin,
    }),
    rotateSecret(secret = randomBytes(22).toString('base64url')) {
      accessKeySecret = secret;
    },
    failNext(code = 'isv.BUSINESS_LIMIT_CONTROL', message = '触发号码天级流控Permits:10') {
      nextFailure = { code, message };
    },
    hang(on) {
      hanging.set(on);
    },
    nextRequest: () => new Promise((resolve) => arrivals.push(resolve)),
    resend: (request) =>
      new Promise((resolve, reject) => {
        const target = new URL(request.url, origin);
        const outgoing = http.request(target, { method: request.method, headers: request.headers }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown> }));
        });
        outgoing.on('error', reject);
        outgoing.end(request.body);
      }),
    async close() {
      hanging.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
