/**
 * The <Permission code> wrapper and usePermission (spec §6), Refine's own buttons following the same
 * decision, and the EntityListPage permission prefix.
 */
import { CanAccess } from '@refinedev/core';
import { CreateButton, DeleteButton, EditButton } from '@refinedev/antd';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Input, Switch } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import type { PermissionEntry } from '../../../src/contracts/session';
import { buttonAccessControl } from '../../../src/providers/access-control';
import { session } from '../../../src/providers/session';
import { EntityListPage } from '../../../src/toolkit/crud';
import { resourceOf } from '../../../src/toolkit/crud/resource';
import { toolbarHiddenByPrefix } from '../../../src/toolkit/crud/toolbar-prefix';
import { Permission, permissionGate, usePermission } from '../../../src/toolkit/permission';
import { CLERK_AUTH, MEMBER_ALL_AUTH, entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok } from '../providers/mock-adapter';

const buttonsNamed = (element: Element, text: string) =>
  [...element.querySelectorAll('button')].filter((button) => button.textContent?.replace(/\s/g, '') === text);

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
});

describe('<Permission code>', () => {
  it('removes its child unless the code is granted (type 1)', () => {
    render(
      <>
        <Permission code="cust:member:add">
          <Button>add</Button>
        </Permission>
        <Permission code="cust:member:edit">
          <Button>edit</Button>
        </Permission>
        <Permission code="not:configured:anywhere">
          <Button>unconfigured</Button>
        </Permission>
        <Permission code="cust:member:exportXls">
          <Button>export</Button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'add' })).toBeNull();
    expect(screen.getByRole('button', { name: 'edit' }).hasAttribute('disabled')).toBe(false);
    // A code configured nowhere is removed too; status '0' is granted to everybody.
    expect(screen.queryByRole('button', { name: 'unconfigured' })).toBeNull();
    expect(screen.getByRole('button', { name: 'export' })).toBeTruthy();
  });

  it('disables any element taking `disabled` for a type-2 code not granted, and leaves it enabled once granted', () => {
    const { rerender } = render(
      <Permission code="cust:member:delete">
        <Button>delete</Button>
        <Input aria-label="amount" />
        <Switch aria-label="active" />
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'delete' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('amount').hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch').hasAttribute('disabled')).toBe(true);
    act(() => session.setPermissions({ menu: [], auth: [...CLERK_AUTH, entry('cust:member:delete', '2')], allAuth: MEMBER_ALL_AUTH }));
    rerender(
      <Permission code="cust:member:delete">
        <Button>delete</Button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'delete' }).hasAttribute('disabled')).toBe(false);
  });

  it('takes a comma-separated list: any listed code grants', () => {
    render(
      <>
        <Permission code="cust:member:add, cust:member:edit">
          <Button>either</Button>
        </Permission>
        <Permission code="cust:member:add,cust:member:importExcel">
          <Button>neither</Button>
        </Permission>
        <Permission code="cust:member:delete,cust:member:edit">
          <Button>enabled-beats-disabled</Button>
        </Permission>
        <Permission code="cust:member:add,cust:member:delete">
          <Button>disabled-beats-hidden</Button>
        </Permission>
      </>,
    );
    expect(screen.getByRole('button', { name: 'either' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'neither' })).toBeNull();
    expect(screen.getByRole('button', { name: 'enabled-beats-disabled' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'disabled-beats-hidden' }).hasAttribute('disabled')).toBe(true);
  });

  it('checks workflow-node permissions first', () => {
    const node: PermissionEntry[] = [entry('cust:member:add', '1'), entry('cust:member:edit', '2')];
    render(
      <>
        <Permission code="cust:member:add" nodePermissions={node}>
          <Button>node-add</Button>
        </Permission>
        <Permission code="cust:member:edit" nodePermissions={node}>
          <Button>node-edit</Button>
        </Permission>
        <Permission code="cust:member:edit" nodePermissions={null}>
          <Button>no-node</Button>
        </Permission>
      </>,
    );
    // The node grants what the user lacks, and a node type-2 entry disables what the user holds.
    expect(screen.getByRole('button', { name: 'node-add' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'node-edit' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'no-node' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps a child disabled by its own logic, and shows plain content when permitted', () => {
    render(
      <>
        <Permission code="cust:member:edit">
          <Button disabled>busy</Button>
          text
        </Permission>
      </>,
    );
    expect(screen.getByRole('button', { name: 'busy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('text')).toBeTruthy();
  });
});

describe('usePermission', () => {
  function Probe({ code }: { code: string }) {
    const gate = usePermission(code);
    return <span data-testid="gate">{`${String(gate.visible)}/${String(gate.disabled)}`}</span>;
  }

  it('follows the session: re-renders when the permission lists change (no request involved)', () => {
    const server = mockServer();
    render(<Probe code="cust:member:add" />);
    expect(screen.getByTestId('gate').textContent).toBe('false/false');
    act(() => session.setPermissions({ menu: [], auth: [...CLERK_AUTH, entry('cust:member:add', '1')], allAuth: MEMBER_ALL_AUTH }));
    expect(screen.getByTestId('gate').textContent).toBe('true/false');
    expect(server.calls).toHaveLength(0);
  });

  it('is the same decision as gateOf for each single code', () => {
    expect(permissionGate('cust:member:delete')).toEqual({ visible: true, disabled: true });
    expect(permissionGate('cust:member:add')).toEqual({ visible: false, disabled: false });
    expect(permissionGate('cust:member:edit')).toEqual({ visible: true, disabled: false });
    expect(permissionGate(' , ')).toEqual({ visible: false, disabled: false });
  });
});

describe("Refine's buttons follow the same decision", () => {
  const resources = [resourceOf(memberEntity)];

  it('CreateButton is hidden, EditButton enabled, DeleteButton (with buttonAccessControl) disabled for clerk', async () => {
    const server = mockServer();
    const { container } = renderInRefine(
      <>
        <span data-testid="create">
          <CreateButton resource={memberEntity.table} />
        </span>
        <span data-testid="edit">
          <EditButton resource={memberEntity.table} recordItemId="m1" />
        </span>
        <span data-testid="delete">
          <DeleteButton resource={memberEntity.table} recordItemId="m1" accessControl={buttonAccessControl('cust:member:delete')} />
        </span>
        <span data-testid="delete-default">
          <DeleteButton resource={memberEntity.table} recordItemId="m1" />
        </span>
        <CanAccess resource={memberEntity.table} action="create" fallback={<i>create-refused</i>}>
          <i>create-allowed</i>
        </CanAccess>
        <CanAccess action="field" params={{ code: 'cust:member:exportXls' }} fallback={<i>export-refused</i>}>
          <i>export-allowed</i>
        </CanAccess>
      </>,
      resources,
    );
    await waitFor(() => expect(screen.getByTestId('edit').querySelector('button')?.hasAttribute('disabled')).toBe(false));
    await waitFor(() => expect(screen.getByTestId('delete').querySelector('button')?.hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('create').querySelector('button')).toBeNull();
    // Without buttonAccessControl the global hideIfUnauthorized would hide it: type-2 codes need the prop.
    expect(screen.getByTestId('delete-default').querySelector('button')).toBeNull();
    expect(await screen.findByText('create-refused')).toBeTruthy();
    expect(await screen.findByText('export-allowed')).toBeTruthy();
    // Same as the local gates.
    expect(permissionGate('cust:member:add').visible).toBe(false);
    expect(permissionGate('cust:member:edit')).toEqual({ visible: true, disabled: false });
    expect(permissionGate('cust:member:delete')).toEqual({ visible: true, disabled: true });
    expect(container.querySelectorAll('button')).toHaveLength(2);
    expect(server.calls).toHaveLength(0);
  });
});

describe('permission prefix (spec §6 last rule)', () => {
  const allAuth = [...MEMBER_ALL_AUTH, entry('cust:member:batch_delete', '1', '1'), entry('cust:member:import', '1', '1')];
  // Holds every engine code, but under the prefix lacks batch_delete and import.
  const auth = ['list', 'add', 'edit', 'deleteBatch', 'exportXls', 'importExcel'].map((action) => entry(`cust:member:${action}`, '1'));

  it('maps the hidden codes onto toolbar buttons; batch_delete also hides the remove button', () => {
    expect([...toolbarHiddenByPrefix('cust:member', { auth, allAuth })].sort()).toEqual(['batchDelete', 'import']);
    expect([...toolbarHiddenByPrefix('cust:member:', { auth: [], allAuth })].sort()).toEqual(['batchDelete', 'create', 'import']);
    expect([...toolbarHiddenByPrefix('cust:member', { auth: [], allAuth: [entry('cust:member:remove', '1', '1')] })]).toEqual(['batchDelete']);
    expect(toolbarHiddenByPrefix('goods:spu', { auth, allAuth }).size).toBe(0);
  });

  async function toolbarAfterSelecting(permissionPrefix: string | undefined): Promise<string[]> {
    session.setPermissions({ menu: [], auth, allAuth });
    mockServer(() => ({ status: 200, data: ok({ records: [{ id: 'm1', memberNo: 'M1', memberName: '甲' }], total: 1, size: 10, current: 1, pages: 1 }) }));
    const { container, unmount } = renderInRefine(<EntityListPage entity={memberEntity} {...(permissionPrefix !== undefined ? { permissionPrefix } : {})} />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1));
    fireEvent.click(container.querySelector('.ant-table-tbody .ant-checkbox-input') as Element);
    const toolbar = container.querySelector('.crud-toolbar') as HTMLElement;
    const names = [...toolbar.querySelectorAll('button')].map((button) => button.textContent?.replace(/\s/g, '') ?? '');
    unmount();
    return names;
  }

  it('hides the excluded toolbar buttons of EntityListPage, and changes nothing without the prop', async () => {
    expect(await toolbarAfterSelecting(undefined)).toEqual(['新增', '导出', '导入', '批量删除']);
    expect(await toolbarAfterSelecting('cust:member')).toEqual(['新增', '导出']);
    expect(buttonsNamed(document.body, '批量删除')).toHaveLength(0);
  }, 60_000);
});
