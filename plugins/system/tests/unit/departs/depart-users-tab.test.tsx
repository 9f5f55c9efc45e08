import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntdApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CONFIG } from '../../../../../src/app/theme';
import { dataProvider } from '../../../../../src/providers/data-provider';
import { session } from '../../../../../src/providers/session';
import { DepartUsersTab } from '../../../departs/components/depart-users-tab';
import { useLocales } from '../../../../../tests/unit/use-locales';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../../src/providers/http', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../../src/providers/http')>();
  // The role dialog reads and writes through the data provider's custom(), which sends http.request:
  // answered here as the GET / POST it is.
  const request = ({ method, url, data, params }: { method: string; url: string; data?: unknown; params?: Record<string, unknown> }): unknown =>
    method === 'get' ? api.get(url, params) : api.post(url, data);
  return { ...original, http: { ...original.http, get: api.get, post: api.post, request } };
});

const envelope = <T,>(result: T, message = '', success = true) => ({ success, code: success ? 200 : 500, message, result, timestamp: 0 });
const USERS = [{ id: 'u1', username: 'zhang', realname: '张三', phone: '13900000001', email: 'z@example.com' }];
const ROLES = { records: [{ id: 'r1', roleName: '店长' }, { id: 'r2', roleName: '收银员' }], total: 2, size: 1000, current: 1, pages: 1 };
const USER_ADD = 'system:depart:role:userAdd';

function grant(codes: string[]) {
  session.setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' as const, describe: action })), allAuth: [{ action: USER_ADD, type: '1', status: '1', describe: '分配角色' }] });
}

function serve(held: string[]) {
  api.get.mockImplementation((url: string) => {
    if (url === '/sys/user/queryUserByDepId') return Promise.resolve(envelope(USERS));
    if (url === '/sys/sysDepartRole/list') return Promise.resolve(envelope(ROLES));
    if (url === '/sys/sysDepartRole/getDeptRoleByUserId') return Promise.resolve(envelope(held.map((droleId) => ({ id: `l-${droleId}`, userId: 'u1', droleId }))));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

function renderTab() {
  render(
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
      <ConfigProvider button={BUTTON_CONFIG}>
        <AntdApp>
          <DepartUsersTab departId="d1" />
        </AntdApp>
      </ConfigProvider>
    </Refine>,
  );
}

const roleBox = (name: string) => {
  const box = within(screen.getByRole('dialog')).getByLabelText(name);
  if (!(box instanceof HTMLInputElement)) throw new Error(`no checkbox ${name}`);
  return box;
};

useLocales('crud', 'sysDepart', 'sysRole', 'toolkit');
beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});
afterEach(() => {
  session.clear();
});

describe('DepartUsersTab 分配角色', () => {
  it('opens the department roles pre-checked from the links and saves the change with the server message', async () => {
    grant([USER_ADD]);
    serve(['r1']);
    api.post.mockResolvedValue(envelope(null, '添加成功！'));
    renderTab();
    await screen.findByText('张三');
    fireEvent.click(screen.getByRole('button', { name: '分配角色' }));

    expect(await screen.findByText('分配部门角色：张三')).toBeTruthy();
    await waitFor(() => expect(roleBox('店长').checked).toBe(true));
    expect(roleBox('收银员').checked).toBe(false);
    expect(api.get).toHaveBeenCalledWith('/sys/sysDepartRole/list', { deptId: 'd1', pageNo: 1, pageSize: 1000 });
    expect(api.get).toHaveBeenCalledWith('/sys/sysDepartRole/getDeptRoleByUserId', { userId: 'u1', departId: 'd1' });

    fireEvent.click(roleBox('店长'));
    fireEvent.click(roleBox('收银员'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/sys/sysDepartRole/deptRoleUserAdd', { userId: 'u1', newRoleId: 'r2', oldRoleId: 'r1' }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('分配部门角色：张三')).toBeNull());
  });

  it('keeps the dialog open and shows the server message when the save is refused', async () => {
    grant([USER_ADD]);
    serve([]);
    api.post.mockResolvedValue(envelope(null, '该用户不属于角色所在的部门', false));
    renderTab();
    await screen.findByText('张三');
    fireEvent.click(screen.getByRole('button', { name: '分配角色' }));
    await waitFor(() => expect(roleBox('店长').checked).toBe(false));
    fireEvent.click(roleBox('店长'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('该用户不属于角色所在的部门')).toBeTruthy();
    expect(screen.getByText('分配部门角色：张三')).toBeTruthy();
  });

  it('has no 分配角色 without system:depart:role:userAdd', async () => {
    grant([]);
    serve([]);
    renderTab();
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: '分配角色' })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });
});
