import { describe, expect, it } from 'vitest';
import { decideEntryRedirect, loginPathWithRedirect } from '../../../src/routing/entry-redirect';

const at = (pathname: string, search = '', hasToken = false, hash = '') => decideEntryRedirect({ pathname, search, hash, hasToken });

describe('decideEntryRedirect (docs/spec.md §2 Redirect rules)', () => {
  it('sends /user to /user/login, with or without a token', () => {
    expect(at('/user')).toEqual({ kind: 'redirect', to: '/user/login' });
    expect(at('/user/', '', true)).toEqual({ kind: 'redirect', to: '/user/login' });
  });

  it('renders the login page without a token', () => {
    expect(at('/user/login')).toEqual({ kind: 'public' });
    expect(at('/user/login', '?redirect=%2Fsystem%2Fuser')).toEqual({ kind: 'public' });
  });

  it('sends a logged-in user on /user/login to /dashboard/analysis', () => {
    expect(at('/user/login', '', true)).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
  });

  it('sends a user who just logged in to a safe redirect target', () => {
    expect(at('/user/login', '?redirect=%2Fsystem%2Fuser%3Fa%3D1', true)).toEqual({ kind: 'redirect', to: '/system/user?a=1' });
    expect(at('/user/login', '?redirect=https%3A%2F%2Fevil.example', true)).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
  });

  it('redirects any other path without a token to the login page with the full original path', () => {
    expect(at('/system/user', '?pageNo=2&q=a b', false, '#top')).toEqual({
      kind: 'redirect',
      to: `/user/login?redirect=${encodeURIComponent('/system/user?pageNo=2&q=a b#top')}`,
    });
    expect(at('/')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2F' });
    expect(at('/404')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2F404' });
  });

  it('renders the register, register result and password recovery pages without a token', () => {
    for (const path of ['/user/register', '/user/register-result', '/user/alteration']) expect(at(path)).toEqual({ kind: 'public' });
    expect(at('/user/register-result', '?username=neo')).toEqual({ kind: 'public' });
  });

  it('keeps every other /user path behind the login', () => {
    expect(at('/user/registerx')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fuser%2Fregisterx' });
  });

  it('loads the authenticated app for any other path with a token', () => {
    expect(at('/dashboard/analysis', '', true)).toEqual({ kind: 'app' });
    expect(at('/no/such/page', '', true)).toEqual({ kind: 'app' });
  });

  it('builds the redirect query the permission failure uses', () => {
    expect(loginPathWithRedirect('/goods/goodsDetail?id=7')).toBe('/user/login?redirect=%2Fgoods%2FgoodsDetail%3Fid%3D7');
  });
});
