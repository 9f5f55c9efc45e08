/**
 * useAccess / accessOf, the one screen permission decision (docs/spec.md §6), Refine's own buttons following the same
 * decision, and the EntityListPage permission prefix.
 */
import { CanAccess } from '@refinedev/core';
import { CreateButton, DeleteButton, EditButton } from '@refinedev/antd';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import type { PermissionEntry } from '../../../src/contracts/session';
import { accessOf, buttonAccessControl } from '../../../src/providers/access-control';
import { session } from '../../../src/providers/session';
import { EntityListPage } from '../../../src/toolkit/crud';
import { resourceOf } from '../../../src/toolkit/crud/resource';
import { toolbarHiddenByPrefix } from '../../../src/toolkit/crud/toolbar-prefix';
import { useAccess } from '../../../src/toolkit/permission';
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

function Probe({ code, nodePermissions }: { code: string; nodePermissions?: PermissionEntry[] | null }) {
  const access = useAccess(code, nodePermissions);
  return <span data-testid={`access:${code}`}>{`${String(access.visible)}/${String(access.disabled)}`}</span>;
}
const shown = (code: string) => screen.getByTestId(`access:${code}`).textContent;

describe('useAccess (the one screen permission API)', () => {
  it('hides a type-1 code not granted (configured nowhere too), disables a type-2 one, status 0 is everybody\'s', () => {
    render(
      <>
        <Probe code="cust:member:add" />
        <Probe code="cust:member:edit" />
        <Probe code="not:configured:anywhere" />
        <Probe code="cust:member:exportXls" />
        <Probe code="cust:member:delete" />
      </>,
    );
    expect(shown('cust:member:add')).toBe('false/false');
    expect(shown('cust:member:edit')).toBe('true/false');
    expect(shown('not:configured:anywhere')).toBe('false/false');
    expect(shown('cust:member:exportXls')).toBe('true/false');
    expect(shown('cust:member:delete')).toBe('true/true');
    expect(accessOf('cust:member:delete').reason).toBe('无操作权限');
  });

  it('follows the session: re-renders when the permission lists change (no request involved)', () => {
    const server = mockServer();
    render(<Probe code="cust:member:add" />);
    expect(shown('cust:member:add')).toBe('false/false');
    act(() => session.setPermissions({ menu: [], auth: [...CLERK_AUTH, entry('cust:member:add', '1')], allAuth: MEMBER_ALL_AUTH }));
    expect(shown('cust:member:add')).toBe('true/false');
    expect(server.calls).toHaveLength(0);
  });

  it('takes a comma-separated list: any listed code grants, enabled beats disabled beats hidden', () => {
    expect(accessOf('cust:member:add, cust:member:edit')).toEqual({ visible: true, disabled: false });
    expect(accessOf('cust:member:add,cust:member:importExcel')).toEqual({ visible: false, disabled: false });
    expect(accessOf('cust:member:delete,cust:member:edit')).toEqual({ visible: true, disabled: false });
    expect(accessOf('cust:member:add,cust:member:delete')).toMatchObject({ visible: true, disabled: true });
    expect(accessOf(' , ')).toEqual({ visible: false, disabled: false });
  });

  it('checks workflow-node permissions first', () => {
    const node: PermissionEntry[] = [entry('cust:member:add', '1'), entry('cust:member:edit', '2')];
    expect(accessOf('cust:member:add', { nodePermissions: node })).toEqual({ visible: true, disabled: false });
    expect(accessOf('cust:member:edit', { nodePermissions: node })).toMatchObject({ visible: true, disabled: true });
    expect(accessOf('cust:member:edit', { nodePermissions: null })).toEqual({ visible: true, disabled: false });
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
    expect(accessOf('cust:member:add').visible).toBe(false);
    expect(accessOf('cust:member:edit')).toEqual({ visible: true, disabled: false });
    expect(accessOf('cust:member:delete')).toMatchObject({ visible: true, disabled: true });
    expect(container.querySelectorAll('button')).toHaveLength(2);
    expect(server.calls).toHaveLength(0);
  });
});

describe('permission prefix (docs/spec.md §6 last rule)', () => {
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
