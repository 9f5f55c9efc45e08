import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { AppContext } from '../context';
import { unauthorized, ok } from '../http/envelope';
import { NO_INPUT } from '../http/schemas';
import { userPermissions } from '../services/permissions';

export function registerPermissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.userPermissions, { config: { access: 'authenticated' }, schema: NO_INPUT }, async (request) => {
    if (request.auth === null) throw unauthorized();
    return ok(await userPermissions(ctx.db, request.auth.userId));
  });
}
