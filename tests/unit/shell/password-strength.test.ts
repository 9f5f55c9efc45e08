import { describe, expect, it } from 'vitest';
import { isAcceptablePassword } from '../../../src/contracts/account';
import { passwordStrength } from '../../../src/shell/user/password-strength';

describe('password strength hint', () => {
  it('grades by length and kinds of characters', () => {
    expect(passwordStrength('Ab1')).toBe('short');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefg1')).toBe('weak');
    expect(passwordStrength('Abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdefg1!')).toBe('strong');
    expect(passwordStrength('abcdefgh1234')).toBe('medium');
  });

  it('follows the server rule: 8–64 characters with letters and digits', () => {
    expect(isAcceptablePassword('abcdefg1')).toBe(true);
    expect(isAcceptablePassword('abcdefgh')).toBe(false);
    expect(isAcceptablePassword('12345678')).toBe(false);
    expect(isAcceptablePassword('abc1234')).toBe(false);
    expect(isAcceptablePassword(`a1${'x'.repeat(62)}`)).toBe(true);
    expect(isAcceptablePassword(`a1${'x'.repeat(63)}`)).toBe(false);
  });
});
