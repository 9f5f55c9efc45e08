import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../server/kit';
import { registerAssignmentRoutes } from './assignment-routes';
import { registerDataRuleRoutes } from './data-rule-routes';
import { registerLegacyRoutes } from './legacy-routes';
import { registerRoleRoutes } from './role-routes';

export { roleMigrations } from './migrations';

/** 角色管理's server side: roles, permission assignment (roles, departments, department roles), data rules, legacy listings. */
export async function registerRoleArea(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerRoleRoutes(api, ctx);
  registerAssignmentRoutes(api, ctx);
  registerDataRuleRoutes(api, ctx);
  registerLegacyRoutes(api, ctx);
}
