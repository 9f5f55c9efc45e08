import type { FastifyInstance } from 'fastify';
import { registerEntityRoutes } from '../../../server/crud/register-entity-routes';
import type { LabelResolver } from '../../../server/crud/labels';
import { formatDateTime } from '../../../server/crud/records';
import { businessError } from '../../../server/http/envelope';
import { MOBILE_PATTERN } from '../../../src/contracts/account';
import { memberEntity } from '../entities';

export const MSG_BAD_PHONE = '手机号码格式不正确';

/** 会员列表: the generic list/CRUD contract under /cust/custMember, guarded by cust:member:<action>. */
export async function registerMemberRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  await registerEntityRoutes(api, memberEntity, {
    labels,
    beforeWrite: (values, { mode }) => {
      if (typeof values.phone === 'string' && !MOBILE_PATTERN.test(values.phone)) throw businessError(MSG_BAD_PHONE);
      // A member created without a registration time registered now.
      if (mode === 'add' && values.registerTime === undefined) return { ...values, registerTime: formatDateTime(new Date()) };
      return values;
    },
  });
}
