import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * "A request has been answered", for whoever wants to count or trace requests (the monitoring
 * plugin). A plugin's own hooks only see the routes of its encapsulation context (and not those of
 * contexts created before it registered), so the core installs one root-level onResponse hook and
 * hands each completed request to the listeners: every route, the SPA, 404s and refused requests alike.
 */
export interface CompletedRequest {
  /** When the answer was complete (ms since the epoch). */
  at: number;
  method: string;
  /** The path as requested, without the query string (it may carry anything the client sent). */
  path: string;
  /** The names of the query parameters, never their values. */
  queryKeys: string[];
  /** The matched route pattern (`/api/sys/user/:id`), or null when nothing matched. */
  route: string | null;
  /** The matched route's parameters (for rebuilding a redacted path). */
  params: Readonly<Record<string, string>>;
  statusCode: number;
  durationMs: number;
  /** The signed-in staff user, when the request carried a valid session. */
  username: string | null;
}

export type RequestListener = (request: CompletedRequest) => void;

/** Subscriptions to completed requests; a listener that throws never disturbs the request or the others. */
export class RequestEvents {
  private readonly listeners = new Set<RequestListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  /** Returns the unsubscribe function. */
  subscribe(listener: RequestListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(request: CompletedRequest): void {
    for (const listener of this.listeners) {
      try {
        listener(request);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}

function splitUrl(url: string): { path: string; queryKeys: string[] } {
  const mark = url.indexOf('?');
  if (mark < 0) return { path: url, queryKeys: [] };
  const keys = new Set<string>();
  for (const key of new URLSearchParams(url.slice(mark + 1)).keys()) keys.add(key.slice(0, 64));
  return { path: url.slice(0, mark), queryKeys: [...keys].slice(0, 20) };
}

function stringParams(request: FastifyRequest): Record<string, string> {
  const params = request.params;
  if (typeof params !== 'object' || params === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Installs the root-level hook; call before any route or plugin is registered. */
export function installRequestEvents(app: FastifyInstance, events: RequestEvents): void {
  app.addHook('onResponse', async (request, reply) => {
    // Nobody listening: no work on the request path.
    if (events.size === 0) return;
    const { path, queryKeys } = splitUrl(request.url);
    events.emit({
      at: Date.now(),
      method: request.method,
      path,
      queryKeys,
      route: request.is404 ? null : (request.routeOptions.url ?? null),
      params: stringParams(request),
      statusCode: reply.statusCode,
      durationMs: reply.elapsedTime,
      username: request.auth?.username ?? null,
    });
  });
}
