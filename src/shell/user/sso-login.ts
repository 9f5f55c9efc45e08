import type { LoginParams } from '../../providers/auth-provider';

/**
 * The third-party (`?thirdToken=`) and single-sign-on (`?ticket=`) variants of /user/login. The CAS
 * service is this page without its query, as the ticket was issued for it.
 */
export function ssoLoginParams(search: string, origin: string, pathname: string): LoginParams | null {
  const query = new URLSearchParams(search);
  const thirdToken = query.get('thirdToken');
  if (thirdToken) return { type: 'third', token: thirdToken };
  const ticket = query.get('ticket');
  if (ticket) return { type: 'cas', ticket, service: `${origin}${pathname}` };
  return null;
}
