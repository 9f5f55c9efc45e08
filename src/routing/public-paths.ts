import { LOGIN_PATH } from '../contracts/constants';

export const REGISTER_PATH = '/user/register';
export const REGISTER_RESULT_PATH = '/user/register-result';
export const ALTERATION_PATH = '/user/alteration';

/** Public paths this build renders (docs/spec.md §2 Public paths). */
export const BUILT_PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, REGISTER_PATH, REGISTER_RESULT_PATH, ALTERATION_PATH];

/** The bare /user prefix that redirects to the login page. */
export const USER_ROOT_PATH = '/user';
