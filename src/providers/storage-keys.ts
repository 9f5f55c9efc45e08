/** Browser storage keys (jeecg-conventions Appendix: vue-ls namespace `pro__`). */
export const STORAGE_NAMESPACE = 'pro__';

export const STORAGE_KEYS = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  username: 'Login_Username',
  realname: 'Login_Realname',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  departs: 'Login_Departs',
  includedRoutes: 'CACHE_INCLUDED_ROUTES',
  language: 'LANGUAGE',
} as const;

/** sessionStorage keys, raw JSON arrays (no namespace, as the conventions give them). */
export const SESSION_KEYS = {
  auth: 'LOGIN_USER_BUTTON_AUTH',
  allAuth: 'SYS_BUTTON_AUTH',
} as const;
