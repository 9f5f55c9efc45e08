/**
 * The user form reads and writes through the data provider: an edit loads the record, its roles and its
 * departments together (a refusal shows with 重试), the account is checked on blur, and the save is a
 * PUT with the id whose success closes the dialog through onSaved.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../../../../src/providers/i18n';
import { UserFormModal } from '../../../users/components/user-form-modal';
import { userEntity } from '../../../users/entities';
import { loadLocales, renderInRefine, signInClerk } from '../../../../../tests/unit/customers/list-harness';
import { fail, mockServer, ok, spyPresenter, type MockServer } from '../../../../../tests/unit/providers/mock-adapter';

const LONG = { timeout: 20_000 };
const USER = { id: 'u1', username: 'clerk', realname: '店员', birthday: '1990-01-02', phone: '', email: '' };

let server: MockServer;
const writes = () => server.calls.filter((call) => call.method !== 'get');
const bodyOf = (config: InternalAxiosRequestConfig | undefined): unknown => (typeof config?.data === 'string' ? JSON.parse(config.data) : config?.data);

function answer(config: InternalAxiosRequestConfig) {
  switch (config.url) {
    case '/sys/user/queryById':
      return ok(USER);
    case '/sys/user/queryUserRole':
      return ok(['r1']);
    case '/sys/user/userDepartList':
      return ok([{ key: 'd1', title: '总部' }]);
    case '/sys/role/queryall':
      return ok([{ id: 'r1', roleName: '店员角色' }]);
    case '/sys/user/checkOnlyUser':
      return (config.params as { username?: string }).username === 'admin' ? fail('用户账号已存在') : ok(null, '该值可用！');
    case '/sys/sysDepart/queryTreeList':
      return ok([{ key: 'd1', value: 'd1', title: '总部' }]);
    default:
      return ok(null, '编辑成功!');
  }
}

function renderEdit(onSaved = vi.fn()) {
  renderInRefine(<UserFormModal entity={userEntity} state={{ mode: 'edit', id: 'u1' }} onClose={() => undefined} onSaved={onSaved} />, [{ name: 'users', meta: { api: '/sys/user' } }]);
  return onSaved;
}

const dialog = () => {
  const element = document.querySelector('.ant-modal');
  if (!(element instanceof HTMLElement)) throw new Error('no dialog');
  return element;
};

beforeAll(async () => {
  await loadLocales();
  await loadNamespace('sysUser');
});

beforeEach(() => {
  spyPresenter();
  signInClerk();
  server = mockServer((config) => ({ status: 200, data: answer(config) }));
});

describe('UserFormModal', () => {
  it('loads the user with its roles and departments, and saves with PUT and the id', async () => {
    const onSaved = renderEdit();
    await waitFor(() => expect((document.getElementById('form_realname') as HTMLInputElement | null)?.value).toBe('店员'), LONG);
    expect(screen.getByText('店员角色')).toBeTruthy();
    expect(server.calls.find((call) => call.url === '/sys/user/queryUserRole')?.params).toMatchObject({ userid: 'u1' });
    fireEvent.change(document.getElementById('form_realname') as HTMLElement, { target: { value: ' 店长 ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), LONG);
    const [edit] = writes();
    expect(edit?.method).toBe('put');
    expect(edit?.url).toBe('/sys/user/edit');
    expect(bodyOf(edit)).toMatchObject({ id: 'u1', username: 'clerk', realname: '店长', birthday: '1990-01-02', selectedroles: 'r1', selecteddeparts: 'd1' });
    expect(await screen.findByText('编辑成功!')).toBeTruthy();
  });

  it('shows the server’s refusal of the record with 重试, and the form once it loads', async () => {
    server.reply((config) => ({ status: 200, data: config.url === '/sys/user/queryById' ? fail('未找到对应数据') : answer(config) }));
    renderEdit();
    expect(await screen.findByText('未找到对应数据', undefined, LONG)).toBeTruthy();
    expect(document.getElementById('form_realname')).toBeNull();
    server.reply((config) => ({ status: 200, data: answer(config) }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect((document.getElementById('form_realname') as HTMLInputElement | null)?.value).toBe('店员'), LONG);
    expect(screen.queryByText('未找到对应数据')).toBeNull();
  });

  it('checks the account with checkOnlyUser on blur, through the data provider', async () => {
    renderInRefine(<UserFormModal entity={userEntity} state={{ mode: 'create' }} onClose={() => undefined} onSaved={() => undefined} />, [{ name: 'users', meta: { api: '/sys/user' } }]);
    await waitFor(() => expect(document.getElementById('form_username')).not.toBeNull(), LONG);
    const username = document.getElementById('form_username') as HTMLElement;
    fireEvent.change(username, { target: { value: ' admin ' } });
    fireEvent.blur(username);
    expect(await screen.findByText('用户账号已存在', undefined, LONG)).toBeTruthy();
    expect(server.calls.find((call) => call.url === '/sys/user/checkOnlyUser')?.params).toMatchObject({ username: 'admin' });
    fireEvent.change(username, { target: { value: 'newcomer' } });
    fireEvent.blur(username);
    await waitFor(() => expect(screen.queryByText('用户账号已存在')).toBeNull(), LONG);
  });
});
