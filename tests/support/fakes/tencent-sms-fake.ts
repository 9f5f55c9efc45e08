/**
 * A local 腾讯云短信 (API 3.0, sms 2021-01-11, SendSms) on 127.0.0.1, for tests of our adapter and of the code
 * routes (also a spawned product server: its `env` points TENCENT_SMS_ENDPOINT at the fake).
 *
 * It checks requests as Tencent Cloud API 3.0 does with the TC3-HMAC-SHA256 signature: POST / with
 * Content-Type application/json; X-TC-Action SendSms and X-TC-Version 2021-01-11; X-TC-Timestamp within five
 * minutes of its clock (AuthFailure.SignatureExpire); `TC3-HMAC-SHA256 Credential=SecretId/date/sms/tc3_request,
 * SignedHeaders=content-type;host, Signature=…` with a SecretId it knows (AuthFailure.SecretIdNotFound), the
 * date of the timestamp and the service sms; the signature, HMAC-SHA256 chained from "TC3"+SecretKey over the
 * date, "sms" and "tc3_request", of "TC3-HMAC-SHA256\ntimestamp\ndate/sms/tc3_request\nhex(SHA-256(canonical
 * request))" with the canonical request POST\n/\n\ncontent-type:…\nhost:…\n\ncontent-type;host\nhex(SHA-256(body))
 * — anything else answers AuthFailure.SignatureFailure. Errors come as Tencent's API answers them: HTTP 200,
 * `{"Response":{"Error":{"Code","Message"},"RequestId"}}`.
 * Then SendSms: SmsSdkAppId (InvalidParameterValue.SdkAppIdNotExist), SignName
 * (FailedOperation.SignatureIncorrectOrUnapproved), TemplateId (FailedOperation.TemplateIncorrectOrUnapproved),
 * TemplateParamSet (one 0-6 digit code), and a `SendStatusSet` entry per number: "Ok", or
 * InvalidParameterValue.IncorrectPhoneNumber, or the failure the test asked for (LimitExceeded.PhoneNumberDailyLimit).
 * API 3.0 has no nonce: a captured request replays until its timestamp is five minutes old, as with Tencent.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HangSwitch } from './hang-switch';

const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const SERVICE = 'sms';
const MAX_SKEW_SECONDS = 5 * 60;
/** E.164 mainland numbers; the API also takes 0086 / 86 / bare 11 digits as +86. */
const MAINLAND_E164 = /^\+861[3-9]\d{9}$/;

export interface TencentSmsFakeOptions {
  secretId?: string;
  secretKey?: string;
  sdkAppId?: string;
  signName?: string;
  templateId?: string;
}

/** A message the fake took. */
export interface TencentSentSms {
  /** E.164, as Tencent keeps it (+8613…). */
  phoneNumber: string;
  signName: string;
  templateId: string;
  params: string[];
  serialNo: string;
}

export interface TencentRawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An error answer or a failed number: its Code and Message. */
export interface TencentRefusal {
  code: string;
  message: string;
}

export interface TencentSmsFake {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** SMS_MODE=tencent and the TENCENT_SMS_* variables that point a product server at this fake. */
  env(): Record<string, string>;
  sent: TencentSentSms[];
  refusals: TencentRefusal[];
  requests: TencentRawRequest[];
  /** The SecretKey changes (rotated in the console): a client still signing with the old one is refused. */
  rotateSecret(secret?: string): void;
  /** The next number sent to fails with this Code in its SendStatus (default the daily limit of a number). */
  failNextNumber(code?: string, message?: string): void;
  /** true: requests are held unanswered until hang(false) or close(). */
  hang(on: boolean): void;
  /** Moves the fake's clock (a replay checked later than it was made). */
  advanceClock(ms: number): void;
  /** Resolves when the next request has arrived (before it is answered). */
  nextRequest(): Promise<TencentRawRequest>;
  /** Sends a request again exactly as it came. */
  resend(request: TencentRawRequest): Promise<{ status: number; body: TencentAnswer }>;
  close(): Promise<void>;
}

export interface TencentAnswer {
  Response: { RequestId: string; Error?: { Code: string; Message: string }; SendStatusSet?: Record<string, unknown>[] };
}

function sha256Hex(data: string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function utcDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The TC3 signature of a request, as Tencent computes it (签名方法 v3). */
export function tc3Signature(secretKey: string, timestamp: number, canonicalRequest: string): string {
  const date = utcDate(timestamp);
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${SERVICE}/tc3_request\n${sha256Hex(canonicalRequest)}`;
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), SERVICE), 'tc3_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

function normalisedNumber(raw: string): string {
  if (/^1\d{10}$/.test(raw)) return `+86${raw}`;
  if (/^0086\d+$/.test(raw)) return `+${raw.slice(2)}`;
  if (/^86\d{11}$/.test(raw)) return `+${raw}`;
  return raw;
}

export async function startTencentSmsFake(options: TencentSmsFakeOptions = {}): Promise<TencentSmsFake> {
  const secretId = options.secretId ?? `AKID${randomBytes(16).toString('hex')}`;
  let secretKey = options.secretKey ?? randomBytes(16).toString('hex');
  const sdkAppId = options.sdkAppId ?? `14${randomInt(10_000_000, 99_999_999)}`;
  const signName = options.signName ?? '示例商城';
  const templateId = options.templateId ?? String(randomInt(1_000_000, 9_999_999));

  const sent: TencentSentSms[] = [];
  const refusals: TencentRefusal[] = [];
  const requests: TencentRawRequest[] = [];
  const arrivals: ((request: TencentRawRequest) => void)[] = [];
  const hanging = new HangSwitch();
  let clockOffsetMs = 0;
  let numberFailure: TencentRefusal | null = null;
  const nowSeconds = () => Math.floor((Date.now() + clockOffsetMs) / 1000);

  function verify(req: TencentRawRequest): void {
    if (req.method !== 'POST' || new URL(req.url, 'http://fake.invalid').pathname !== '/') throw new Refusal('InvalidParameter', 'The request must be a POST to /.');
    const action = req.headers['x-tc-action'] ?? '';
    if (action === '') throw new Refusal('MissingParameter', 'The request is missing a required parameter `Action`.');
    if (action !== ACTION) throw new Refusal('InvalidAction', `The requested action \`${action}\` does not exist.`);
    const version = req.headers['x-tc-version'] ?? '';
    if (version !== VERSION) throw new Refusal('NoSuchVersion', `The requested version \`${version}\` of API \`${ACTION}\` is not supported.`);
    const auth = /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    if (auth === null) throw new Refusal('AuthFailure.InvalidAuthorization', 'Authorization is invalid.');
    const [, credentialId = '', date = '', service = '', signedHeaders = '', signature = ''] = auth;
    if (credentialId !== secretId) throw new Refusal('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const timestamp = Number(req.headers['x-tc-timestamp'] ?? '');
    if (!Number.isInteger(timestamp)) throw new Refusal('MissingParameter', 'The request is missing a required parameter `Timestamp`.');
    if (Math.abs(nowSeconds() - timestamp) > MAX_SKEW_SECONDS) {
      throw new Refusal('AuthFailure.SignatureExpire', `Signature expired. Timestamp is ${timestamp}, server time is ${nowSeconds()}.`);
    }
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    if (!contentType.startsWith('application/json')) throw new Refusal('InvalidParameter', 'Content-Type must be application/json for a POST request.');
    // The scope must be this date and this service; the signed headers at least content-type and host.
    const names = signedHeaders.split(';');
    const failure = new Refusal('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    if (date !== utcDate(timestamp) || service !== SERVICE || !names.includes('content-type') || !names.includes('host')) throw failure;
    // Header values go lower-case and trimmed; host as named by the request, without its port.
    const valueOf = (name: string) => (name === 'host' ? (req.headers.host ?? '').replace(/:\d+$/, '') : (req.headers[name] ?? '')).trim().toLowerCase();
    const canonical = ['POST', '/', '', names.map((name) => `${name}:${valueOf(name)}\n`).join(''), signedHeaders, sha256Hex(req.body)].join('\n');
    if (!sameText(tc3Signature(secretKey, timestamp, canonical), signature)) throw failure;
  }

  function sendSms(body: string): TencentAnswer['Response'] {
    let input: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      input = parsed as Record<string, unknown>;
    } catch {
      throw new Refusal('FailedOperation.JsonParseFail', '解析请求包体时候失败。');
    }
    const numbers = input.PhoneNumberSet;
    if (!Array.isArray(numbers) || numbers.length === 0) throw new Refusal('MissingParameter', 'The request is missing a required parameter `PhoneNumberSet`.');
    if (numbers.length > 200) throw new Refusal('LimitExceeded.PhoneNumberCountLimit', '调用接口单次提交的手机号个数超过200个。');
    if (input.SmsSdkAppId !== sdkAppId) throw new Refusal('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId 不存在。');
    if (input.SignName !== signName) throw new Refusal('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    if (input.TemplateId !== templateId) throw new Refusal('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不合法。');
    const params = input.TemplateParamSet;
    if (!Array.isArray(params) || params.length !== 1 || typeof params[0] !== 'string') {
      throw new Refusal('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', '请求内容与审核通过的模板内容不匹配。');
    }
    if (!/^\d{0,6}$/.test(params[0])) {
      throw new Refusal('InvalidParameterValue.TemplateParameterFormatError', '验证码模板参数格式错误，验证码类模板，模板变量只能传入0 - 6位（包括6位）纯数字。');
    }
    const templateParams = params as string[];
    const statuses = numbers.map((raw: unknown) => {
      const phoneNumber = normalisedNumber(String(raw));
      const serialNo = `${randomInt(1000, 9999)}:${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`;
      const base = { SerialNo: '', PhoneNumber: phoneNumber, Fee: 0, SessionContext: '', IsoCode: 'CN' };
      if (!MAINLAND_E164.test(phoneNumber)) {
        refusals.push({ code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'incorrect number format' });
        return { ...base, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect number format', IsoCode: '' };
      }
      if (numberFailure !== null) {
        const failure = numberFailure;
        numberFailure = null;
        refusals.push(failure);
        return { ...base, Code: failure.code, Message: failure.message };
      }
      sent.push({ phoneNumber, signName, templateId, params: templateParams, serialNo });
      return { ...base, SerialNo: serialNo, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    return { SendStatusSet: statuses, RequestId: randomUUID() };
  }

  function answer(res: http.ServerResponse, payload: TencentAnswer): void {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(payload));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));
    const raw: TencentRawRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(raw);
    for (const arrived of arrivals.splice(0)) arrived(raw);
    await hanging.pass();
    try {
      verify(raw);
      answer(res, { Response: sendSms(raw.body) });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refusals.push({ code: error.code, message: error.message });
      answer(res, { Response: { Error: { Code: error.code, Message: error.message }, RequestId: randomUUID() } });
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
    secretId,
    get secretKey() {
      return secretKey;
    },
    sdkAppId,
    signName,
    templateId,
    sent,
    refusals,
    requests,
    env: () => ({
      SMS_MODE: 'tencent',
      TENCENT_SMS_SECRET_ID: secretId,
      TENCENT_SMS_SECRET_KEY: secretKey,
      TENCENT_SMS_SDK_APP_ID: sdkAppId,
      TENCENT_SMS_SIGN_NAME: signName,
      TENCENT_SMS_TEMPLATE_ID: templateId,
      TENCENT_SMS_ENDPOINT: origin,
    }),
    rotateSecret(secret = randomBytes(16).toString('hex')) {
      secretKey = secret;
    },
    failNextNumber(code = 'LimitExceeded.PhoneNumberDailyLimit', message = 'the number of sms messages sent from a single mobile number every day exceeds the upper limit') {
      numberFailure = { code, message };
    },
    hang(on) {
      hanging.set(on);
    },
    advanceClock(ms) {
      clockOffsetMs += ms;
    },
    nextRequest: () => new Promise((resolve) => arrivals.push(resolve)),
    resend: (request) =>
      new Promise((resolve, reject) => {
        const outgoing = http.request(new URL(request.url, origin), { method: request.method, headers: request.headers }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as TencentAnswer }));
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
