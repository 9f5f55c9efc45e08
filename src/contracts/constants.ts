/** Business constants of docs/spec.md §9 that more than one module uses. */
export const SEVEN_DAYS_MS = 604_800_000;
export const REQUEST_TIMEOUT_MS = 90_000;
export const UPLOAD_TIMEOUT_MS = 15_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOGOUT_RELOAD_DELAY_MS = 1_500;

export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
/** The client build's page for LOGIN_PATH: the SPA shell with the login form prerendered (scripts/prerender-login/). */
export const PRERENDERED_LOGIN_FILE = 'login.html';
export const NOT_FOUND_PATH = '/404';
/** Paths that render without a session (docs/spec.md §2 Public paths). */
export const PUBLIC_ROUTE_PATHS = ['/user/login', '/user/register', '/user/register-result', '/user/alteration'] as const;

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;

/** Request headers (docs/design.md contracts). */
export const HEADER_TOKEN = 'X-Access-Token';
export const HEADER_TENANT = 'tenant-id';
export const HEADER_TENANT_ALIASES = ['tenant_id', 'x-tenant-id'] as const;
