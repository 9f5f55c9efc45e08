import { LOGIN_PATH } from '../contracts/constants';

/**
 * Public paths this build renders (spec §2 Public paths). /user/register, /user/register-result and
 * /user/alteration join this list when their screens are built.
 */
export const BUILT_PUBLIC_PATHS: readonly string[] = [LOGIN_PATH];

/** The bare /user prefix that redirects to the login page. */
export const USER_ROOT_PATH = '/user';
