import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { PUBLIC_API_PATHS, PUBLIC_API_ROUTES } from '../../src/contracts/api-paths';
import { HEADER_TENANT, HEADER_TENANT_ALIASES, HEADER_TOKEN } from '../../src/contracts/constants';
import { forbidden, unauthorized, MSG_TENANT_CHANGED } from './envelope';

/**
 * What a route demands of its caller. Every route declares one; there is no default.
 * - 'public': no token — only for the exact API paths in PUBLIC_API_PATHS / PUBLIC_API_ROUTES
 * - 'authenticated': any valid session
 * - { permission }: a valid session whose roles grant that permission code
 * - 'static': files of the built client, only outside the API base
 * - 'member': a mini-program member's session (`Authorization: Bearer`), only under `/app/`; staff
 *   tokens never open these routes and member tokens never open any other
 */
export type RouteAccess = 'public' | 'authenticated' | { permission: string } | DynamicPermission | 'static' | 'member';

/**
 * A permission named by the request itself, for routes that serve entities defined at run time (the online form
 * builder's `/online/cgform/data/:code/add` needs `online:<code>:add`). `permission` names the family for logs and
 * route listings; `permissionOf` resolves the code to check for this request, or null when the route has nothing
 * to check it against (an unknown form: the handler refuses it).
 */
export interface DynamicPermission {
  permission: string;
  permissionOf: (request: FastifyRequest) => Promise<string | null>;
}

/** A signed-in mini-program member (set on requests to 'member' routes). */
export interface MemberAuthContext {
  memberId: string;
  tenantId: number;
  sessionId: string;
}

/** Checks a member token; installed by the plugin that owns members (null until then: every member route is 401). */
export interface MemberGate {
  authenticate: ((token: string) => Promise<MemberAuthContext | null>) | null;
}

/** Where member routes live, relative to the API base. */
export const MEMBER_API_PREFIX = '/app/';

export interface AuthContext {
  userId: string;
  username: string;
  sessionId: string;
  /** The token the request carried, for logout. */
  token: string;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** A tenant the user belongs to, from the tenant header; null when none was asked for. */
    tenantId: number | null;
    member: MemberAuthContext | null;
  }
  interface FastifyInstance {
    memberGate: MemberGate;
  }
}

export interface AccessDependencies {
  apiBase: string;
  authenticate: (token: string) => Promise<Omit<AuthContext, 'token'> | null>;
  /** Whether the (active) user holds the permission code. */
  hasPermission: (userId: string, code: string) => Promise<boolean>;
  belongsToTenant: (userId: string, tenantId: number) => Promise<boolean>;
  /** The mini-program's shop for a requested tenant (null: none named); refuses an unknown or closed one. */
  appShop: (requested: number | null) => Promise<number>;
}

function describe(access: unknown): string {
  return JSON.stringify(access) ?? String(access);
}

function isRouteAccess(value: unknown): value is RouteAccess {
  if (value === 'public' || value === 'authenticated' || value === 'static' || value === 'member') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { permission, permissionOf } = value as { permission?: unknown; permissionOf?: unknown };
  if (permissionOf !== undefined && typeof permissionOf !== 'function') return false;
  return typeof permission === 'string' && /^[A-Za-z0-9_:.*<>-]+$/.test(permission);
}

function isUnderApi(url: string, apiBase: string): boolean {
  return url === apiBase || url.startsWith(`${apiBase}/`);
}

/**
 * Refuses at boot an API route without an input schema: its query, params and body would reach the
 * handler unchecked. A route that takes no input declares NO_INPUT (server/http/schemas.ts).
 */
export function checkRouteSchema(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>, access: RouteAccess): void {
  if (access === 'static') return;
  const schema: unknown = route.schema;
  if (typeof schema !== 'object' || schema === null) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`Route ${methods} ${route.url} must declare a schema for its input (querystring / params / body), or NO_INPUT when it takes none`);
  }
}

/** Refuses at boot any route that does not say who may call it, or claims 'public' off the list. */
export function checkRouteDeclaration(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, apiBase: string): RouteAccess {
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  const access: unknown = route.config?.access;
  if (!isRouteAccess(access)) {
    throw new Error(`Route ${methods} ${route.url} must declare config.access ('public' | 'authenticated' | { permission } | 'static' | 'member'); got ${describe(access)}`);
  }
  const underApi = isUnderApi(route.url, apiBase);
  if (access === 'static' && underApi) {
    throw new Error(`Route ${methods} ${route.url} is under ${apiBase} and cannot be 'static'`);
  }
  if (access !== 'static' && !underApi) {
    throw new Error(`Route ${methods} ${route.url} is outside ${apiBase}; only 'static' routes live there`);
  }
  if (access === 'member' && !route.url.startsWith(`${apiBase}${MEMBER_API_PREFIX}`)) {
    throw new Error(`Route ${methods} ${route.url} is declared 'member' but lives outside ${apiBase}${MEMBER_API_PREFIX}`);
  }
  if (access === 'public') {
    const apiPath = route.url.slice(apiBase.length);
    if (!PUBLIC_API_PATHS.includes(apiPath) && !PUBLIC_API_ROUTES.includes(apiPath)) {
      throw new Error(`Route ${methods} ${route.url} is declared 'public' but ${apiPath} is not in PUBLIC_API_PATHS / PUBLIC_API_ROUTES`);
    }
  }
  return access;
}

export function readToken(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER_TOKEN.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/** The member token of `Authorization: Bearer <token>`, or null. */
export function readBearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The requested tenant: the first tenant header present; absent, empty or 0 mean none. NaN = malformed. */
export function readTenant(request: FastifyRequest): number | null {
  for (const name of [HEADER_TENANT, ...HEADER_TENANT_ALIASES]) {
    const raw = request.headers[name.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value === undefined || value === '') continue;
    if (!/^\d{1,9}$/.test(value)) return Number.NaN;
    const id = Number(value);
    return id === 0 ? null : id;
  }
  return null;
}

/**
 * Installs the default-deny gate: the onRoute check at registration and an onRequest hook that
 * authenticates, checks the permission and settles the tenant before any body is parsed.
 */
export function installAccessControl(app: FastifyInstance, deps: AccessDependencies): RouteAccessEntry[] {
  const registered: RouteAccessEntry[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantId', null);
  app.decorateRequest('member', null);
  const memberGate: MemberGate = { authenticate: null };
  app.decorate('memberGate', memberGate);

  app.addHook('onRoute', (route) => {
    const access = checkRouteDeclaration(route, deps.apiBase);
    checkRouteSchema(route, access);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      registered.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    // The not-found handler has no route config; it only ever answers 404.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!isRouteAccess(access)) throw forbidden();
    if (access === 'public' || access === 'static') return;
    if (access === 'member') {
      const memberToken = readBearerToken(request);
      const member = memberToken === null || memberGate.authenticate === null ? null : await memberGate.authenticate(memberToken);
      if (member === null) throw unauthorized();
      // The tenant header names the shop on every call (none: the default shop); the token is good in its own shop only.
      if ((await deps.appShop(readTenant(request))) !== member.tenantId) throw forbidden(MSG_TENANT_CHANGED);
      request.member = member;
      return;
    }

    const token = readToken(request);
    if (token === null) throw unauthorized();
    const claims = await deps.authenticate(token);
    if (claims === null) throw unauthorized();
    request.auth = { ...claims, token };

    const tenantId = readTenant(request);
    if (tenantId !== null && (Number.isNaN(tenantId) || !(await deps.belongsToTenant(claims.userId, tenantId)))) {
      throw forbidden(MSG_TENANT_CHANGED);
    }
    request.tenantId = tenantId;

    if (typeof access === 'object') {
      const permission = 'permissionOf' in access ? await access.permissionOf(request) : access.permission;
      if (permission !== null && !(await deps.hasPermission(claims.userId, permission))) throw forbidden();
    }
  });

  return registered;
}
