import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { API } from '../../src/contracts/api-paths';
import { fail, ok } from '../http/envelope';
import { NO_INPUT } from '../http/schemas';

/** How long /ready waits for the database's answer before calling the instance not ready. */
export const READY_QUERY_MS = 1000;
export const MSG_NOT_READY = '服务未就绪';

/** What /ready asks: null when this instance may take traffic, else why not (logged, not sent). */
export type ReadinessCheck = () => Promise<string | null>;

/** Ready when a trivial query answers within `timeoutMs`; the reason otherwise. */
export async function databaseAnswers<DB>(db: Kysely<DB>, timeoutMs = READY_QUERY_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`database did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  const answered = sql`select 1`
    .execute(db)
    .then(() => null)
    .catch((error: unknown) => `database refused: ${error instanceof Error ? error.message : String(error)}`);
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The load balancer's probes. /health (alive) touches neither the database nor a session, so it answers
 * while the database is busy (the embedded one runs in its own thread, server/db/worker-pool.ts).
 * /ready answers 200 READY only when `ready()` finds nothing wrong (database reachable, migrations done,
 * not shutting down), else 503 with the envelope, so the balancer sends traffic elsewhere.
 */
export function registerHealthRoute(app: FastifyInstance, ready: ReadinessCheck): void {
  app.get(API.health, { config: { access: 'public' }, schema: NO_INPUT }, async () => ok({ status: 'UP' }));
  app.get(API.ready, { config: { access: 'public' }, schema: NO_INPUT }, async (request, reply) => {
    const problem = await ready();
    if (problem === null) return ok({ status: 'READY' });
    request.log.warn({ problem }, 'not ready');
    return reply.code(503).send(fail(MSG_NOT_READY, 503));
  });
}
