/** API paths relative to the API base (`/api` by default). Server routes and client calls both use these. */
export const API = {
  login: '/sys/login',
  phoneLogin: '/sys/phoneLogin',
  logout: '/sys/logout',
  sms: '/account/sms',
  thirdLogin: '/thirdLogin/getLoginUser', // + '/{token}'
  casValidate: '/cas/client/validateLogin',
  /** Issues a one-time ticket for the third-party / single-sign-on logins (system:sso:issue). */
  ssoTicket: '/sys/sso/ticket',
  userPermissions: '/sys/permission/getUserPermissionByToken',
  currentDeparts: '/sys/user/getCurrentUserDeparts',
  selectDepart: '/sys/selectDepart',
  updatePassword: '/sys/user/updatePassword',
  dictItems: '/sys/dict/getDictItems', // + '/{dictCode}'
  allDictItems: '/sys/dict/queryAllDictItems',
  refreshDictCache: '/sys/dict/refleshCache',
  /** Self-service accounts (docs/spec.md §7 auth constants): registration and password recovery. */
  register: '/auth/register',
  forgePassword: '/auth/forge-password',
  /** Trades a forgotten-password SMS code for a one-time reset ticket. */
  forgePasswordCheck: '/auth/forge-password/check',
  /** The signed-in user (docs/spec.md §7 auth constant): the login answer's userInfo as it is now. */
  userInfo: '/user/info',
  /** Legacy listings of docs/spec.md §7 "Roles"; the client base is `/api`, so they answer at `/api/api/…`. */
  legacyRoles: '/api/role',
  legacyServices: '/api/service',
  legacyPermissions: '/api/permission',
  legacyPermissionsNoPager: '/api/permission/no-pager',
  legacyUser: '/api/user',
  /** For load balancers: answers without a token and without touching the database. */
  health: '/health',
  /** For load balancers: 200 READY when the database answers and migrations are done, else 503. */
  ready: '/ready',
  /** The mini-program's member login (docs/business-api.md "The mini-program"). */
  appSms: '/app/auth/sms',
  appSmsLogin: '/app/auth/smsLogin',
  /** Member session from a mini-program login code (wx.login), optionally binding the phone (docs/business-api.md "Channels"). */
  appWeixinLogin: '/app/auth/weixinLogin',
  /** The storefront's published pictures, by stored key: `/app/media/<key>`, no token (server/routes/storefront-media.ts). */
  appMedia: '/app/media',
  /** The channels' notifications (docs/business-api.md "Channels"): public, each verified by its channel's signature. */
  payNotifyWechatOrder: '/pay/notify/wechat/order',
  payNotifyWechatRefund: '/pay/notify/wechat/refund',
  payNotifyAlipay: '/pay/notify/alipay',
  expressNotifyKuaidi100: '/express/notify/kuaidi100',
} as const;

/** Paths the server answers without a token: exact matches only, never prefixes or suffixes. */
export const PUBLIC_API_PATHS: readonly string[] = [
  API.login,
  API.phoneLogin,
  API.logout,
  API.sms,
  API.casValidate,
  API.register,
  API.forgePassword,
  API.forgePasswordCheck,
  API.health,
  API.ready,
  API.appSms,
  API.appSmsLogin,
  API.appWeixinLogin,
  API.payNotifyWechatOrder,
  API.payNotifyWechatRefund,
  API.payNotifyAlipay,
  API.expressNotifyKuaidi100,
];
/** Parameterised public paths (the route pattern, as Fastify registers it). */
export const PUBLIC_API_ROUTES: readonly string[] = [`${API.thirdLogin}/:token`, `${API.appMedia}/*`];
