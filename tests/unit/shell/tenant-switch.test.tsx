import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult, TenantRef } from '../../../src/contracts/session';
import { session } from '../../../src/providers/session';
import { NARROW_QUERY } from '../../../src/shell/layouts/main-layout-queries';
import { TenantSwitch } from '../../../src/shell/header/tenant-switch';
import { useLocales } from '../use-locales';

useLocales();

const SHOP: TenantRef = { id: 1, name: '默认租户' };
const SECOND: TenantRef = { id: 1002, name: '二号店' };

function signIn(tenantList: TenantRef[]): void {
  const result: LoginResult = { token: 't', userInfo: { id: 'u1', username: 'boss', realname: '店长' }, sysAllDictItems: {}, departs: [], multi_depart: 0, tenantList };
  session.saveLogin(result);
}

function renderSwitch(reload = vi.fn()) {
  render(
    <AntdApp>
      <TenantSwitch reload={reload} />
    </AntdApp>,
  );
  return reload;
}

beforeEach(() => {
  session.clear();
  session.setTenantId(0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tenant switch', () => {
  it('is not shown for a user with one tenant or none', () => {
    signIn([SHOP]);
    renderSwitch();
    expect(screen.queryByTestId('tenant-switch')).toBeNull();
    expect(session.getTenantId()).toBe(1);
  });

  it('shows the current tenant and switches to another: stores its id, then reloads', async () => {
    signIn([SHOP, SECOND]);
    session.setTenantId(1);
    const reload = renderSwitch();
    const button = screen.getByRole('button', { name: '当前租户：默认租户' });
    expect(button.textContent).toContain('默认租户');

    fireEvent.click(button);
    fireEvent.click(await screen.findByText('二号店'));
    expect(session.getTenantId()).toBe(1002);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '当前租户：二号店' })).toBeTruthy();
  });

  it('choosing the current tenant changes nothing', async () => {
    signIn([SHOP, SECOND]);
    session.setTenantId(1002);
    const reload = renderSwitch();
    fireEvent.click(screen.getByRole('button', { name: '当前租户：二号店' }));
    const items = await screen.findAllByText('二号店');
    fireEvent.click(items[items.length - 1] as HTMLElement);
    expect(reload).not.toHaveBeenCalled();
    expect(session.getTenantId()).toBe(1002);
  });

  it('asks for a tenant when none is chosen yet (several at login)', () => {
    signIn([SHOP, SECOND]);
    renderSwitch();
    expect(session.getTenantId()).toBe(0);
    expect(screen.getByRole('button', { name: '切换租户' }).textContent).toContain('选择租户');
  });

  it('is left out on narrow screens, like the current department', () => {
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query === NARROW_QUERY }));
    signIn([SHOP, SECOND]);
    renderSwitch();
    expect(screen.queryByTestId('tenant-switch')).toBeNull();
  });

  it('forgets the tenants at logout', () => {
    signIn([SHOP, SECOND]);
    expect(session.getTenantList()).toEqual([SHOP, SECOND]);
    session.clear();
    expect(session.getTenantList()).toEqual([]);
  });
});
