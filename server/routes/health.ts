import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import { ok } from '../http/envelope';
import { NO_INPUT } from '../http/schemas';

/**
 * The load balancer's probe: it touches neither the database nor a session, so it answers while
 * the database is busy (the embedded one runs in its own thread, server/db/worker-pool.ts).
 */
export function registerHealthRoute(app: FastifyInstance): void {
  app.get(API.health, { config: { access: 'public' }, schema: NO_INPUT }, async () => ok({ status: 'UP' }));
}
