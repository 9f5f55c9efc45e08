import type { SmsMode } from '../../contracts/account';
import type { LoginParams } from '../../providers/auth-provider';

// The auth provider carries the http client (axios): it loads when the user starts typing, not
// with the login page itself.
const loadAuth = () => import('../../providers/auth-provider');

export function warmAuth(): void {
  void loadAuth();
}

export async function login(params: LoginParams): Promise<void> {
  await (await loadAuth()).login(params);
}

export async function sendSmsCode(mobile: string, smsmode?: SmsMode): Promise<void> {
  await (await loadAuth()).sendSmsCode(mobile, smsmode);
}
