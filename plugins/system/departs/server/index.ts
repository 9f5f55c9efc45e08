import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../server/kit';
import { registerDepartRoleRoutes } from './depart-role-routes';
import { registerDepartRoutes } from './depart-routes';

export { departMigrations } from './migrations';

/** Every route of 部门管理: the department tree and the department roles. */
export async function registerDepartAreaRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerDepartRoutes(api, ctx);
  await registerDepartRoleRoutes(api, ctx);
}
