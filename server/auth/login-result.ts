import type { Kysely } from 'kysely';
import type { LoginResult } from '../../src/contracts/session';
import type { Database, UserRow } from '../db/schema';
import { setCurrentDepartment, userDepartments } from '../services/departments';
import type { DictionaryService } from '../services/dictionaries';
import { businessError } from '../http/envelope';
import { membershipCount, MSG_ALL_TENANTS_FROZEN, noTenant, userTenants } from '../services/tenants';
import { toUserInfo } from '../services/users';
import type { TokenService } from './tokens';

/** Opens a session for an authenticated user and gathers what the client needs right after login. */
export async function buildLoginResult(
  db: Kysely<Database>,
  tokens: TokenService,
  dictionaries: DictionaryService,
  user: UserRow,
): Promise<LoginResult> {
  // Staff work in a shop: a user of no tenant, or of tenants that are all frozen or expired, cannot sign in (without
  // a tenant every list would be tenant 0's, which no shop owns).
  const tenantList = await userTenants(db, user.id);
  if (tenantList.length === 0) throw (await membershipCount(db, user.id)) > 0 ? businessError(MSG_ALL_TENANTS_FROZEN) : noTenant();
  const departs = await userDepartments(db, user.id);
  let orgCode = user.org_code;
  const only = departs.length === 1 ? departs[0] : undefined;
  if (only !== undefined && only.orgCode !== orgCode) {
    // With exactly one department there is nothing to choose: it becomes the current one.
    orgCode = only.orgCode;
    await setCurrentDepartment(db, user.id, orgCode);
  } else if (departs.length === 0 && orgCode !== null) {
    orgCode = null;
    await setCurrentDepartment(db, user.id, null);
  }
  const token = await tokens.issue(user);
  return {
    token,
    userInfo: toUserInfo({ ...user, org_code: orgCode }),
    sysAllDictItems: await dictionaries.systemDictionaries(),
    departs,
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    tenantList,
  };
}
