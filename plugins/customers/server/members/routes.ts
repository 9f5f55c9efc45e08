import type { FastifyInstance, FastifyRequest } from 'fastify';
import { body, businessError, formatShopTime, Id, Int, ok, permission, query, registerEntityRoutes, tenantOf, type LabelResolver, type LedgerPosting } from '../../../../server/kit';
import { Type, type TSchema } from 'typebox';
import { memberEntity } from '../../entities';
import { levelForGrowth, setLevelByHand } from './levels';
import { BALANCE_BIZ, EXPERIENCE_BIZ, MSG_MEMBER_NOT_FOUND, POINT_BIZ, postBalance, postExperience, postPoints } from './ledgers';
import { MOBILE, moneyOnWire, MSG_BAD_PHONE, TERMINAL_BACK_OFFICE } from './registration';

export { MSG_BAD_PHONE } from './registration';
export const MSG_POINTS_ADJUSTED = '修改积分成功';
export const MSG_BALANCE_ADJUSTED = '修改余额成功';
export const MSG_EXPERIENCE_ADJUSTED = '修改成长值成功';
export const MSG_LEVEL_UPDATED = '修改等级成功';

/** The reason every change by hand carries (it becomes the ledger row's title): one line, not blank. */
const Reason = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001F\\u007F]*\\S[^\\u0000-\\u001F\\u007F]*$' });
/** Money as a number or an exact decimal string (kept exact: it is parsed by decimal.js, never as a float). */
const Money = Type.Union([Type.Number(), Type.String({ maxLength: 24, pattern: '^-?\\d+(\\.\\d+)?$' })]);
const adjustSchema = <K extends string, T extends TSchema>(key: K, value: T) =>
  ({ querystring: query({}), body: body({ memberId: Id, reason: Reason, ...({ [key]: value } as Record<K, T>) }) }) as const;

interface AdjustBody {
  memberId: string;
  reason: string;
}

/** What the dialogs show after a change: before, change, after. */
function postingResult(posting: LedgerPosting, money: boolean) {
  const shown = (value: LedgerPosting['after']) => (money ? moneyOnWire(value) : value.toNumber());
  return { id: posting.id, before: shown(posting.before), change: shown(posting.change), after: shown(posting.after) };
}

const operatorOf = (request: FastifyRequest) => request.auth?.username ?? null;

/**
 * 会员列表: the list/CRUD contract under /cust/custMember (cust:member:<action>); the totals and the
 * level are read-only there and change through adjustPoints / adjustBalance / adjustExperience /
 * updateLevel, each with its own permission code and a required reason.
 */
export async function registerMemberRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  await registerEntityRoutes(api, memberEntity, {
    labels,
    beforeWrite: async (values, { mode, once }) => {
      if (typeof values.mobile === 'string' && !MOBILE.test(values.mobile)) throw businessError(MSG_BAD_PHONE);
      if (mode !== 'add') return values;
      // A member added here registered now, in the back office, at the entry level.
      // Once per request: an import's rows all get the same entry level.
      const entry = await once('entryLevel', () => levelForGrowth(db, 0));
      return {
        ...values,
        registerTime: values.registerTime ?? formatShopTime(new Date()),
        registerTerminal: values.registerTerminal ?? TERMINAL_BACK_OFFICE,
        levelId: entry?.id ?? null,
      };
    },
  });

  api.post<{ Body: AdjustBody & { point: number } }>(
    `${memberEntity.api}/adjustPoints`,
    {
      ...permission('cust:member:adjustPoints'),
      schema: adjustSchema('point', Int()),
    },
    async (request) => {
      const { memberId, point, reason } = request.body;
      const posting = await postPoints(db, { ownerId: memberId, change: point, bizType: POINT_BIZ.admin, title: reason.trim(), operator: operatorOf(request), tenantId: tenantOf(request) });
      return ok(postingResult(posting, false), MSG_POINTS_ADJUSTED);
    },
  );

  api.post<{ Body: AdjustBody & { price: number | string } }>(
    `${memberEntity.api}/adjustBalance`,
    {
      ...permission('cust:member:adjustBalance'),
      schema: adjustSchema('price', Money),
    },
    async (request) => {
      const { memberId, price, reason } = request.body;
      const posting = await postBalance(db, { ownerId: memberId, change: price, bizType: BALANCE_BIZ.admin, title: reason.trim(), operator: operatorOf(request), tenantId: tenantOf(request) });
      return ok(postingResult(posting, true), MSG_BALANCE_ADJUSTED);
    },
  );

  api.post<{ Body: AdjustBody & { experience: number } }>(
    `${memberEntity.api}/adjustExperience`,
    {
      ...permission('cust:member:adjustExperience'),
      schema: adjustSchema('experience', Int()),
    },
    async (request) => {
      const { memberId, experience, reason } = request.body;
      const posting = await postExperience(db, { ownerId: memberId, change: experience, bizType: EXPERIENCE_BIZ.admin, title: reason.trim(), operator: operatorOf(request), tenantId: tenantOf(request) });
      return ok(postingResult(posting, false), MSG_EXPERIENCE_ADJUSTED);
    },
  );

  api.post<{ Body: AdjustBody & { levelId: string } }>(
    `${memberEntity.api}/updateLevel`,
    {
      ...permission('cust:member:updateLevel'),
      schema: adjustSchema('levelId', Id),
    },
    async (request) => {
      const { memberId, levelId, reason } = request.body;
      await setLevelByHand(db, { memberId, levelId, reason: reason.trim(), tenantId: tenantOf(request), operator: operatorOf(request) }, MSG_MEMBER_NOT_FOUND);
      return ok(null, MSG_LEVEL_UPDATED);
    },
  );
}
