import { PASSWORD_MIN_LENGTH } from '../../contracts/account';

export type PasswordStrength = 'short' | 'weak' | 'medium' | 'strong';

/** A hint only (the server's rule is letters + digits, 8–64): more kinds of characters and length score higher. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 'short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = kinds + (password.length >= 12 ? 1 : 0);
  if (score >= 4) return 'strong';
  return score === 3 ? 'medium' : 'weak';
}
