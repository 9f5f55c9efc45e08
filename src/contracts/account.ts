/** Self-service account rules (register, password recovery) shared by the server and the client. */

/** `smsmode` of `POST /account/sms`, in the jeecg wire values: 0 login, 1 register, 2 forgotten password. */
export const SMS_MODE = { login: '0', register: '1', forget: '2' } as const;
export type SmsMode = (typeof SMS_MODE)[keyof typeof SMS_MODE];
export const SMS_MODES: readonly string[] = Object.values(SMS_MODE);

/** 3–32 letters, digits or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
/** docs/spec.md §5 mobile phone preset: 11 digits, starting 1, second digit 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** 8–64 characters holding at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** A one-time password-reset ticket: 32 hex characters. */
export const RESET_TICKET_PATTERN = /^[0-9a-f]{32}$/;

export interface RegisterRequest {
  username: string;
  password: string;
  phone: string;
  smscode: string;
}

export interface ResetPasswordRequest {
  ticket: string;
  password: string;
  confirmpassword: string;
}
