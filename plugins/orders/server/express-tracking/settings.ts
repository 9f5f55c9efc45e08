import { ConfigError, type ChannelEnv } from '../../../../server/kit';
import { API } from '../../../../src/contracts/api-paths';
import { EXPRESS_MODES, type ExpressMode } from './contract';

/**
 * The express channel's settings (docs/business-api.md "Channels"), read once from the configuration's channel
 * variables and checked at start: EXPRESS_MODE `demo` (the default) or `kuaidi100`; kuaidi100 needs KUAIDI100_KEY (授权码),
 * KUAIDI100_CUSTOMER and PUBLIC_BASE_URL (its pushes come back to PUBLIC_BASE_URL + the notify path), and may be pointed
 * elsewhere (a local fake) with KUAIDI100_BASE.
 */

export const DEFAULT_KUAIDI100_BASE = 'https://poll.kuaidi100.com';
/** How long a call to kuaidi100 may take before the adapter gives up with a clear message. */
export const DEFAULT_KUAIDI100_TIMEOUT_MS = 10_000;

export type ExpressSettings =
  | { mode: 'demo' }
  | {
      mode: 'kuaidi100';
      key: string;
      customer: string;
      /** Without a trailing slash: the subscribe API is `${base}/poll`, the query `${base}/poll/query.do`. */
      base: string;
      /** Where kuaidi100 pushes (the subscription's callbackurl). */
      notifyUrl: string;
    };

function httpBase(name: string, value: string, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} must be an http(s) URL (got "${value.slice(0, 80)}")`);
    return '';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    problems.push(`${name} must be an http(s) URL without query, fragment or credentials (got "${value.slice(0, 80)}")`);
    return '';
  }
  return url.toString().replace(/\/+$/, '');
}

const isMode = (value: string): value is ExpressMode => (EXPRESS_MODES as readonly string[]).includes(value);

/** The express settings, or a ConfigError naming every problem (the server refuses to start with it). */
export function expressSettingsOf(channels: ChannelEnv, apiBase: string): ExpressSettings {
  const mode = channels.EXPRESS_MODE ?? 'demo';
  if (!isMode(mode)) throw new ConfigError([`EXPRESS_MODE must be one of ${EXPRESS_MODES.join(', ')} (got "${mode.slice(0, 40)}")`]);
  if (mode === 'demo') return { mode };
  const problems: string[] = [];
  const key = channels.KUAIDI100_KEY ?? '';
  const customer = channels.KUAIDI100_CUSTOMER ?? '';
  if (key === '') problems.push('KUAIDI100_KEY is required when EXPRESS_MODE=kuaidi100');
  if (customer === '') problems.push('KUAIDI100_CUSTOMER is required when EXPRESS_MODE=kuaidi100');
  const publicBase = channels.PUBLIC_BASE_URL;
  if (publicBase === undefined) problems.push('PUBLIC_BASE_URL is required when EXPRESS_MODE=kuaidi100 (kuaidi100 pushes to it)');
  const origin = publicBase === undefined ? '' : httpBase('PUBLIC_BASE_URL', publicBase, problems);
  const base = httpBase('KUAIDI100_BASE', channels.KUAIDI100_BASE ?? DEFAULT_KUAIDI100_BASE, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { mode, key, customer, base, notifyUrl: `${origin}${apiBase}${API.expressNotifyKuaidi100}` };
}
