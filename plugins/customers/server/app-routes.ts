import { appShop, body, businessError, checkRegionCode, Id, ID_PATTERN, Int, inTransaction, issueSmsCode, Line, MSG_PHONE_LOGIN_FAILED, MSG_SMS_SENT, MSG_SMS_TOO_OFTEN, MSG_TOO_MANY_LOGINS, NO_INPUT, ok, query, readTenant, redeemSmsCode, tooManyRequests, unauthorized, type AppContext, type Database } from '../../../server/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../../src/contracts/api-paths';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { addAddress, deleteAddress, editAddress, listAddresses, type AddressInput } from './members/addresses';
import { findMember, MOBILE, MSG_BAD_PHONE, registerMember, TERMINAL_MINI_PROGRAM } from './members/registration';
import { createMemberTokens } from './login/tokens';
import { memberLoginAnswer, MSG_BAD_INVITE, type Registered } from './login/member-login';

/** The mini-program's member side (docs/business-api.md "The mini-program"): login by SMS and addresses. */

const MobileField = Line(20);

/** The shop (tenant) a mini-program request is for: the tenant header's, else the install's default shop. */
function tenantOf(db: Kysely<Database>, request: FastifyRequest): Promise<number> {
  return appShop(db, readTenant(request));
}

function checkMobile(mobile: string): string {
  const trimmed = mobile.trim();
  if (!MOBILE.test(trimmed)) throw businessError(MSG_BAD_PHONE);
  return trimmed;
}

function owner(request: FastifyRequest): { tenantId: number; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { tenantId: request.member.tenantId, memberId: request.member.memberId };
}

const addressFields = {
  name: Line(32, 1),
  mobile: MobileField,
  areaId: Type.Union([Line(32, 1), Int(0)]),
  detailAddress: Line(255, 1),
  postCode: Type.Optional(Type.Union([Line(10), Type.Null()])),
  defaultStatus: Type.Optional(Type.Boolean()),
};
const addressBody = body(addressFields);
const editedAddressBody = body({ id: Id, ...addressFields });

interface AddressBody {
  id?: string;
  name: string;
  mobile: string;
  areaId: string | number;
  detailAddress: string;
  postCode?: string | null;
  defaultStatus?: boolean;
}

function addressInput(body: AddressBody): AddressInput {
  return {
    name: body.name.trim(),
    mobile: checkMobile(body.mobile),
    areaId: checkRegionCode(String(body.areaId).trim()),
    detailAddress: body.detailAddress.trim(),
    postCode: body.postCode ?? null,
    defaultStatus: body.defaultStatus === true,
  };
}

export function registerAppRoutes(api: FastifyInstance, ctx: AppContext, registered: Registered): void {
  const { db } = ctx;
  const tokens = createMemberTokens(db, ctx.codeSecret);
  api.memberGate.authenticate = tokens.authenticate;

  api.post<{ Body: { mobile: string } }>(
    API.appSms,
    { config: { access: 'public' }, schema: { querystring: query({}), body: body({ mobile: MobileField }) } },
    async (request) => {
      const mobile = checkMobile(request.body.mobile);
      // No code is sent for a shop that cannot be signed in to.
      await tenantOf(db, request);
      if (!(await ctx.smsCooldown.tryTake(`member:${mobile}`))) throw tooManyRequests(MSG_SMS_TOO_OFTEN);
      // Anyone may sign in (the first login registers), so every number gets its code.
      const code = await issueSmsCode(db, ctx.codeSecret, mobile, 'member', true);
      // ctx.sms writes the code to the log (SMS_MODE=log) or hands it to the provider, whose refusal answers
      // 短信发送失败. The undelivered code is voided by a decoy issued in its place; the cooldown stays taken
      // (as for the staff codes, server/routes/account.ts).
      if (code !== null) {
        await ctx.sms.send(mobile, code, request.log).catch(async (failure: unknown) => {
          await issueSmsCode(db, ctx.codeSecret, mobile, 'member', false);
          throw failure;
        });
      }
      return ok(null, MSG_SMS_SENT);
    },
  );

  api.post<{ Body: { mobile: string; code: string; inviteCode?: string } }>(
    API.appSmsLogin,
    {
      config: { access: 'public' },
      schema: { querystring: query({}), body: body({ mobile: MobileField, code: Line(32), inviteCode: Type.Optional(Line(32)) }) },
    },
    async (request) => {
      const mobile = checkMobile(request.body.mobile);
      const tenantId = await tenantOf(db, request);
      const account = `member:${tenantId}:${mobile}`;
      if (await ctx.loginLimiter.isBlocked(request.ip, account)) throw tooManyRequests(MSG_TOO_MANY_LOGINS);
      const inviteCode = request.body.inviteCode?.trim() ?? '';
      const referrer = inviteCode === '' ? null : await findMember(db, tenantId, { memberNo: inviteCode });
      if (inviteCode !== '' && referrer === null) throw businessError(MSG_BAD_INVITE);
      if (!(await redeemSmsCode(db, ctx.codeSecret, { mobile, purpose: 'member', code: request.body.code, consume: true }))) {
        await ctx.loginLimiter.recordFailure(request.ip, account);
        throw businessError(MSG_PHONE_LOGIN_FAILED);
      }
      await ctx.loginLimiter.recordSuccess(request.ip, account);
      let member = await findMember(db, tenantId, { mobile });
      if (member === null) {
        // The first login registers the member; the invite code binds the referrer only then. Others
        // (营销's 新人券) hear of it in the same transaction.
        const id = await inTransaction(db, async (trx) => {
          const created = await registerMember(trx, { tenantId, mobile, terminal: TERMINAL_MINI_PROGRAM, referrerId: referrer?.id ?? null, operator: null });
          await registered(trx, { tenantId, memberId: created });
          return created;
        });
        member = await findMember(db, tenantId, { id });
      }
      if (member === null) throw businessError(MSG_PHONE_LOGIN_FAILED);
      return memberLoginAnswer(db, tokens, tenantId, member);
    },
  );

  const memberOnly = { config: { access: 'member' as const } };

  api.post<{ Body: AddressBody }>('/app/address/add', { ...memberOnly, schema: { querystring: query({}), body: addressBody } }, async (request) => {
    return ok(await addAddress(db, owner(request), addressInput(request.body)));
  });

  api.get('/app/address/list', { ...memberOnly, schema: NO_INPUT }, async (request) => ok(await listAddresses(db, owner(request))));

  api.route<{ Body: AddressBody }>({
    method: ['PUT', 'POST'],
    url: '/app/address/edit',
    ...memberOnly,
    schema: { querystring: query({}), body: editedAddressBody },
    handler: async (request) => {
      await editAddress(db, owner(request), String(request.body.id), addressInput(request.body));
      return ok(true);
    },
  });

  api.route<{ Querystring: { id?: string }; Body: unknown }>({
    method: ['DELETE', 'POST'],
    url: '/app/address/delete',
    ...memberOnly,
    // The id comes in the query (DELETE, often without a body) or in a JSON body (POST).
    schema: { querystring: query({ id: Type.Optional(Id) }) },
    handler: async (request) => {
      const posted = typeof request.body === 'object' && request.body !== null ? (request.body as { id?: unknown }).id : undefined;
      const id = request.query.id ?? (typeof posted === 'string' && ID_PATTERN.test(posted) ? posted : '');
      await deleteAddress(db, owner(request), id);
      return ok(true);
    },
  });

  api.get('/app/member/get', { ...memberOnly, schema: NO_INPUT }, async (request) => {
    const me = owner(request);
    const member = await findMember(db, me.tenantId, { id: me.memberId });
    if (member === null) throw unauthorized();
    const { status: _status, ...shown } = member;
    return ok(shown);
  });
}
