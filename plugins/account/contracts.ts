/** The account plugin's calls and their answers, shared by its pages and its server routes. */

/** The cache family of the user's own account reads: every account write refreshes them (profile, sessions, bindings…). */
export const ACCOUNT_RESOURCE = 'account';

export const ACCOUNT_API = {
  profile: '/account/profile',
  phone: '/account/phone',
  sessions: '/account/sessions',
  logins: '/account/logins',
  notification: '/account/notification',
  bindings: '/account/bindings',
} as const;

/** '1' male, '2' female (the `sex` dictionary). */
export type Sex = 1 | 2;

export interface AccountProfile {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: Sex | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  phone: string | null;
  email: string | null;
  departs: string[];
  roles: string[];
  /** The latest successful login before the current session (else the current one), from the login log. */
  lastLogin: { time: string; ip: string | null } | null;
  /** The user record's version (src/contracts/entity.ts `ROW_VERSION_FIELD`), which 基本设置 sends back with its save. */
  rowVersion: string;
}

export interface ProfileChange {
  realname: string;
  email?: string | null;
  sex?: Sex | null;
  birthday?: string | null;
  avatar?: string | null;
  /** The version the form read: a save over a newer one is refused (数据已被他人修改，请刷新后重试). */
  rowVersion?: string;
}

export interface PhoneChange {
  phone: string;
  smscode: string;
}

/** Times in these answers are `YYYY-MM-DD HH:mm:ss` on the shop's clock (SHOP_TIME_ZONE), as everywhere on the wire. */
export interface AccountSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The session this request came with. */
  current: boolean;
  /** The address of the login that opened it (the login log entry closest to its creation). */
  ip: string | null;
}

export interface LoginRecord {
  id: string;
  time: string;
  ip: string | null;
  success: boolean;
  content: string | null;
}

export interface LoginPage {
  records: LoginRecord[];
  total: number;
}

/** 新消息通知: whether the bell announces each category. */
export interface NotificationPrefs {
  /** 系统消息 (msgCategory '2'). */
  system: boolean;
  /** 通知公告 (msgCategory '1'). */
  notice: boolean;
}

export type BindingProvider = 'phone' | 'email';
export const BINDING_PROVIDERS: readonly BindingProvider[] = ['phone', 'email'];

export interface AccountBinding {
  provider: BindingProvider;
  bound: boolean;
  /** Masked: 138****0000, a***@example.com. */
  account: string | null;
}
