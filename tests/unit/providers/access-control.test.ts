import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../../src/contracts/session';
import {
  accessControlProvider,
  buttonAccessControl,
  hasPermission,
  hiddenByPrefix,
  isDisabled,
} from '../../../src/providers/access-control';
import type { PermissionContext } from '../../../src/providers/access-control';
import { session } from '../../../src/providers/session';

const e = (action: string, type: '1' | '2', status?: '0' | '1'): PermissionEntry => ({ action, type, ...(status ? { status } : {}) });

describe('hasPermission (type 1, show/hide)', () => {
  const cases: [string, PermissionContext, boolean][] = [
    ['user granted the code', { auth: [e('user:add', '1')], allAuth: [e('user:add', '1', '1')] }, true],
    ['user lacks the code', { auth: [e('user:edit', '1')], allAuth: [e('user:add', '1', '1')] }, false],
    ['system status 0 → not controlled', { auth: [], allAuth: [e('user:add', '1', '0')] }, true],
    ['user has no auth at all', { auth: [], allAuth: [e('user:add', '1', '1')] }, false],
    ['code configured nowhere → removed', { auth: [], allAuth: [] }, false],
    ['comma-separated user action', { auth: [e('user:edit,user:add', '1')], allAuth: [] }, true],
    ['comma-separated system action with status 0', { auth: [], allAuth: [e('user:x,user:add', '1', '0')] }, true],
    ['a type-2 grant does not show a type-1 control', { auth: [e('user:add', '2')], allAuth: [e('user:add', '1', '1')] }, false],
    ['node permission first (overrides a missing user grant)', { auth: [], allAuth: [e('user:add', '1', '1')], nodePermissions: [e('user:add', '1')] }, true],
    ['node type-2 entry does not show', { auth: [], allAuth: [e('user:add', '1', '1')], nodePermissions: [e('user:add', '2')] }, false],
  ];
  it.each(cases)('%s', (_name, ctx, expected) => {
    expect(hasPermission('user:add', ctx)).toBe(expected);
  });
});

describe('isDisabled (type 2)', () => {
  const cases: [string, PermissionContext, boolean][] = [
    ['system type-2 active, user lacks it → disabled', { auth: [], allAuth: [e('user:edit', '2', '1')] }, true],
    ['system type-2 with status 0 → enabled', { auth: [], allAuth: [e('user:edit', '2', '0')] }, false],
    ['user holds the type-2 code → enabled (local lifts)', { auth: [e('user:edit', '2')], allAuth: [e('user:edit', '2', '1')] }, false],
    ['user holds it only as type 1 → still disabled', { auth: [e('user:edit', '1')], allAuth: [e('user:edit', '2', '1')] }, true],
    ['unconfigured code → enabled', { auth: [], allAuth: [] }, false],
    ['only a type-1 system entry → enabled', { auth: [], allAuth: [e('user:edit', '1', '1')] }, false],
    ['node type-2 entry → disabled even when system lifts it', { auth: [e('user:edit', '2')], allAuth: [e('user:edit', '2', '0')], nodePermissions: [e('user:edit', '2')] }, true],
    ['node type-1 entry does not disable', { auth: [], allAuth: [], nodePermissions: [e('user:edit', '1')] }, false],
  ];
  it.each(cases)('%s', (_name, ctx, expected) => {
    expect(isDisabled('user:edit', ctx)).toBe(expected);
  });
});

describe('hiddenByPrefix', () => {
  const allAuth = [
    e('goods:spu:add', '1', '1'),
    e('goods:spu:batch_delete', '1', '1'),
    e('goods:spu:export', '1', '0'),
    e('goods:spu:price', '2', '1'),
    e('goods:brand:add', '1', '1'),
  ];
  it('hides the active type-1 codes the user lacks, prefix stripped; batch_delete also hides remove', () => {
    expect(hiddenByPrefix('goods:spu', { auth: [], allAuth }).sort()).toEqual(['add', 'batch_delete', 'remove']);
    expect(hiddenByPrefix('goods:spu:', { auth: [e('goods:spu:batch_delete', '1')], allAuth })).toEqual(['add']);
    expect(hiddenByPrefix('goods:spu', { auth: [e('goods:spu:add,goods:spu:batch_delete', '1')], allAuth })).toEqual([]);
  });
});

describe('accessControlProvider', () => {
  it('asks the session lists by default, no network', async () => {
    session.setPermissions({
      menu: [],
      auth: [e('user:add', '1')],
      allAuth: [e('user:add', '1', '1'), e('user:delete', '1', '1'), e('user:edit', '2', '1')],
    });
    const can = accessControlProvider.can;
    await expect(can({ resource: 'user', action: 'create' })).resolves.toEqual({ can: true });
    await expect(can({ resource: 'user', action: 'delete' })).resolves.toMatchObject({ can: false, reason: '没有权限' });
    await expect(can({ resource: 'user', action: 'edit' })).resolves.toMatchObject({ can: false, reason: '无操作权限' });
    await expect(can({ resource: 'user', action: 'list' })).resolves.toEqual({ can: true });
    // a derived code configured nowhere is allowed; an explicit one follows docs/spec.md §6 strictly
    await expect(can({ resource: 'user', action: 'export' })).resolves.toEqual({ can: true });
    await expect(can({ resource: 'user', action: 'x', params: { code: 'user:export' } })).resolves.toMatchObject({ can: false });
    await expect(can({ action: 'x', params: { meta: { code: 'user:add' } } })).resolves.toEqual({ can: true });
    // the resource's meta.permission is the code prefix
    await expect(
      can({ resource: 'people', action: 'delete', params: { resource: { name: 'people', meta: { permission: 'user' } } } }),
    ).resolves.toMatchObject({ can: false });
    expect(accessControlProvider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
    expect(buttonAccessControl('user:edit')).toEqual({ enabled: true, hideIfUnauthorized: false });
    expect(buttonAccessControl('user:delete')).toEqual({ enabled: true, hideIfUnauthorized: true });
    session.clear();
  });
});
