export const DEFAULT_API_BASE = '/api';

let configuredBase: string | undefined;

export interface HttpConfig {
  baseURL?: string;
}

export function configureHttp(config: HttpConfig): void {
  configuredBase = config.baseURL;
}

function runtimeApiBase(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  // Deployments may set window.__APP_CONFIG__ = { apiBase } before the bundle loads.
  const appConfig: unknown = Reflect.get(window, '__APP_CONFIG__');
  if (typeof appConfig !== 'object' || appConfig === null) return undefined;
  const apiBase: unknown = Reflect.get(appConfig, 'apiBase');
  return typeof apiBase === 'string' && apiBase !== '' ? apiBase : undefined;
}

/** The API base: configureHttp() first, then the runtime config, then `/api`. */
export function getApiBase(): string {
  return configuredBase ?? runtimeApiBase() ?? DEFAULT_API_BASE;
}
