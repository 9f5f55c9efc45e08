import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../../../src/routing/safe-redirect';

describe('safeRedirectTarget (open-redirect guard)', () => {
  it('follows same-origin paths with their query and hash', () => {
    expect(safeRedirectTarget('/system/user')).toBe('/system/user');
    expect(safeRedirectTarget('/system/user?pageNo=2#x')).toBe('/system/user?pageNo=2#x');
  });

  it.each([
    ['absolute URL', 'https://evil.example/phish'],
    ['protocol-relative', '//evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'system/user'],
    ['empty', ''],
  ])('falls back to home for %s', (_label, raw) => {
    expect(safeRedirectTarget(raw)).toBe('/dashboard/analysis');
  });

  it('falls back to home when there is no redirect', () => {
    expect(safeRedirectTarget(null)).toBe('/dashboard/analysis');
    expect(safeRedirectTarget(undefined)).toBe('/dashboard/analysis');
  });
});
