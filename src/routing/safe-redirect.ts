import { HOME_PATH } from '../contracts/constants';

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * The post-login target from the `redirect` query: only a same-origin path starting with a single
 * `/` is followed; absolute, protocol-relative (`//host`, `/\host`) or scheme URLs fall back to home.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!raw) return fallback;
  const target = raw.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters are dropped by URL parsers and can turn `/\t/host` into `//host`.
  if ([...target].some(isControlCharacter)) return fallback;
  try {
    const base = 'http://same-origin.invalid';
    const parsed = new URL(target, base);
    if (parsed.origin !== base) return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}
