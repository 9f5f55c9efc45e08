import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { CurrentDepartsResult, SelectDepartResult } from '../../src/contracts/session';
import type { AppContext } from '../context';
import { businessError, forbidden, ok, unauthorized } from '../http/envelope';
import { body, Line, NO_INPUT } from '../http/schemas';
import { Type } from 'typebox';
import { setCurrentDepartment, userDepartments } from '../services/departments';
import { findActiveUserById, toUserInfo } from '../services/users';

interface SelectDepartBody {
  orgCode: string;
  username?: string;
}

export function registerDepartmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(API.currentDeparts, { config: { access: 'authenticated' }, schema: NO_INPUT }, async (request) => {
    if (request.auth === null) throw unauthorized();
    const user = await findActiveUserById(db, request.auth.userId);
    if (user === undefined) throw unauthorized();
    const result: CurrentDepartsResult = { list: await userDepartments(db, user.id), orgCode: user.org_code };
    return ok(result);
  });

  // docs/spec.md §7 says POST, the original client sends PUT: both reach the same handler.
  app.route<{ Body: SelectDepartBody }>({
    method: ['POST', 'PUT'],
    url: API.selectDepart,
    config: { access: 'authenticated' },
    schema: {
      body: body({ orgCode: Line(64, 1), username: Type.Optional(Line(100)) }),
    },
    handler: async (request) => {
      if (request.auth === null) throw unauthorized();
      const { orgCode, username } = request.body;
      // The body's user name is only a consistency check: the caller can switch only their own department.
      if (username !== undefined && username !== '' && username !== request.auth.username) throw forbidden();
      const departs = await userDepartments(db, request.auth.userId);
      if (!departs.some((d) => d.orgCode === orgCode)) throw businessError('您不属于该部门，无法切换');
      await setCurrentDepartment(db, request.auth.userId, orgCode);
      const user = await findActiveUserById(db, request.auth.userId);
      if (user === undefined) throw unauthorized();
      const result: SelectDepartResult = { userInfo: toUserInfo(user) };
      return ok(result, '切换部门成功');
    },
  });
}
