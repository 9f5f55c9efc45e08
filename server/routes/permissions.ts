import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { AppContext } from '../context';
import { unauthorized, okJsonStream } from '../http/envelope';
import { NO_INPUT } from '../http/schemas';
import { userPermissionsJson } from '../services/permissions';

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.userPermissions, { config: { access: 'authenticated' }, schema: NO_INPUT }, async (request, reply) => {
    if (request.auth === null) throw unauthorized();
    return reply.type('application/json; charset=utf-8').send(okJsonStream(await userPermissionsJson(ctx.db, request.auth.userId)));
  });
}
