/**
 * What an operation log may keep of a request's parameters: every value whose key names a secret is
 * replaced, at any depth, and the whole is cut to a bounded length.
 */
const SECRET_KEY = /(pass(word)?|pwd|secret|token|ticket|captcha|smscode|checkkey|^code$)/i;
export const REDACTED = '***';
const MAX_DEPTH = 6;
const MAX_PARAM_CHARS = 2000;

function redactValue(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1);
  return out;
}

export function redactParams(params: Record<string, unknown>): string | null {
  const kept = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  if (Object.keys(kept).length === 0) return null;
  const text = JSON.stringify(redactValue(kept, 0));
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text;
}
