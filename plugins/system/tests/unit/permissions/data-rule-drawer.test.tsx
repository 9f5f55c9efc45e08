import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUTTON_CONFIG } from '../../../../../src/app/theme';
import type { PermissionEntry } from '../../../../../src/contracts/session';
import { dataProvider } from '../../../../../src/providers/data-provider';
import { session } from '../../../../../src/providers/session';
import type { PermissionDataRule } from '../../../roles/contracts';
import { DataRuleDrawer, takesDataRules } from '../../../permissions/components/data-rule-drawer';
import { fail, mockServer, ok, spyPresenter, type MockServer } from '../../../../../tests/unit/providers/mock-adapter';
import { useLocales } from '../../../../../tests/unit/use-locales';

const EDIT: PermissionEntry = { action: 'system:permission:edit', type: '1', status: '1' };

const RULE: PermissionDataRule = {
  id: 'r1',
  permissionId: 'm1',
  ruleName: '本部门',
  ruleColumn: 'sys_org_code',
  ruleConditions: 'RIGHT_LIKE',
  ruleValue: '#{sys_org_code}',
  status: '1',
  createBy: 'admin',
  createTime: null,
  updateBy: null,
  updateTime: null,
};

const path = (config: InternalAxiosRequestConfig) => config.url ?? '';
const bodyOf = (config: InternalAxiosRequestConfig): unknown => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
/** The query without the client's cache buster `_t`. */
const paramsOf = (config: InternalAxiosRequestConfig | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries((config?.params ?? {}) as Record<string, unknown>).filter(([key]) => key !== '_t'));
const writes = (server: MockServer) => server.calls.filter((config) => config.method !== 'get');
const reads = (server: MockServer) => server.calls.filter((config) => config.method === 'get');

/** Answers the list with `rules`, every write with `write`. */
function serve(rules: PermissionDataRule[], write: (config: InternalAxiosRequestConfig) => unknown = () => ok(null, '添加成功！')): MockServer {
  return mockServer((config) => ({ status: 200, data: config.method === 'get' ? ok(rules) : write(config) }));
}

function signIn(auth: PermissionEntry[]): void {
  session.setPermissions({ menu: [], auth, allAuth: [EDIT] });
}

function renderDrawer() {
  render(
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
      <ConfigProvider button={BUTTON_CONFIG}>
        <AntdApp>
          <DataRuleDrawer menu={{ id: 'm1', name: '会员列表' }} onClose={() => undefined} />
        </AntdApp>
      </ConfigProvider>
    </Refine>,
  );
}

const drawer = () => {
  const element = document.querySelector('.ant-drawer-content-wrapper');
  if (!(element instanceof HTMLElement)) throw new Error('no drawer');
  return element;
};
const dialog = () => {
  const element = document.querySelector('.ant-modal');
  if (!(element instanceof HTMLElement)) throw new Error('no dialog');
  return element;
};
const fieldOf = (id: string) => {
  const element = document.getElementById(`dataRuleForm_${id}`);
  if (!(element instanceof HTMLElement)) throw new Error(`no field ${id}`);
  return element;
};
const type = (id: string, value: string) => fireEvent.change(fieldOf(id), { target: { value } });
const okButton = () => within(dialog()).getByRole('button', { name: /确\s*定/ });

useLocales('sysPermission');
beforeEach(() => {
  spyPresenter();
  signIn([EDIT]);
});

describe('DataRuleDrawer', () => {
  it('lists the menu’s rules in a 650 px drawer titled 数据权限规则, conditions and status in words', async () => {
    const server = serve([RULE]);
    renderDrawer();
    expect(await screen.findByText('本部门')).toBeTruthy();
    expect(screen.getByText('数据权限规则')).toBeTruthy();
    expect(drawer().style.width).toBe('650px');
    expect(screen.getByText('菜单：会员列表')).toBeTruthy();
    const row = screen.getByText('本部门').closest('tr');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    expect(within(row).getByText('sys_org_code')).toBeTruthy();
    expect(within(row).getByText('右模糊')).toBeTruthy();
    expect(within(row).getByText('#{sys_org_code}')).toBeTruthy();
    expect(within(row).getByText('有效')).toBeTruthy();
    expect(path(server.call(0))).toBe('/sys/permission/queryPermissionRule');
    expect(paramsOf(server.call(0))).toEqual({ permissionId: 'm1' });
  });

  it('searches by name and value, and 重置 lists everything again', async () => {
    const server = serve([RULE]);
    renderDrawer();
    await screen.findByText('本部门');
    fireEvent.change(screen.getByRole('textbox', { name: '规则名称' }), { target: { value: ' 本部 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: '规则值' }), { target: { value: 'org' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(reads(server)).toHaveLength(2));
    expect(paramsOf(reads(server)[1])).toEqual({ permissionId: 'm1', ruleName: '本部', ruleValue: 'org' });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(reads(server)).toHaveLength(3));
    expect(paramsOf(reads(server)[2])).toEqual({ permissionId: 'm1' });
  });

  it('asks again on 查询 with unchanged filters', async () => {
    const server = serve([RULE]);
    renderDrawer();
    await screen.findByText('本部门');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(reads(server)).toHaveLength(2));
    expect(paramsOf(reads(server)[1])).toEqual({ permissionId: 'm1' });
  });

  it('refuses a column that is not an identifier, then adds the rule with the right body', async () => {
    const server = serve([]);
    renderDrawer();
    expect(await screen.findByText('暂无数据规则')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(dialog()).toBeTruthy();
    expect(screen.getByText('新增数据规则')).toBeTruthy();

    fireEvent.click(okButton());
    expect(await screen.findByText('请输入规则名称!')).toBeTruthy();
    expect(await screen.findByText('请输入规则字段!')).toBeTruthy();
    expect(await screen.findByText('请输入规则值!')).toBeTruthy();

    type('ruleName', '仅本人创建');
    type('ruleColumn', '1create_by');
    type('ruleValue', '#{sys_user_code}');
    fireEvent.click(okButton());
    expect(await screen.findByText('规则字段只能包含字母、数字和下划线，且不能以数字开头!')).toBeTruthy();
    type('ruleColumn', 'create_by; drop table x');
    fireEvent.click(okButton());
    await waitFor(() => expect(screen.getAllByText('规则字段只能包含字母、数字和下划线，且不能以数字开头!').length).toBeGreaterThan(0));
    expect(writes(server)).toHaveLength(0);

    type('ruleColumn', 'create_by');
    fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('不等于'));
    fireEvent.click(within(dialog()).getByText('无效'));
    fireEvent.click(okButton());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    const [add] = writes(server);
    if (add === undefined) throw new Error('no add');
    expect(add.method).toBe('post');
    expect(path(add)).toBe('/sys/permission/addPermissionRule');
    expect(bodyOf(add)).toEqual({ permissionId: 'm1', ruleName: '仅本人创建', ruleColumn: 'create_by', ruleConditions: '!=', ruleValue: '#{sys_user_code}', status: '0' });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    // The list is read again after the save.
    await waitFor(() => expect(reads(server)).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('keeps the form open with the server’s message when the server refuses', async () => {
    const server = serve([], () => fail('菜单权限不存在!'));
    renderDrawer();
    await screen.findByText('暂无数据规则');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    type('ruleName', '本人');
    type('ruleColumn', 'create_by');
    type('ruleValue', '#{sys_user_code}');
    fireEvent.click(okButton());
    expect(await screen.findByText('菜单权限不存在!')).toBeTruthy();
    expect(writes(server)).toHaveLength(1);
    expect((fieldOf('ruleName') as HTMLInputElement).value).toBe('本人');
  });

  it('edits a rule with PUT and its id, and deletes one after the confirm', async () => {
    const server = serve([RULE], (config) => ok(null, config.method === 'put' ? '编辑成功!' : '删除成功!'));
    renderDrawer();
    await screen.findByText('本部门');
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    expect(screen.getByText('编辑数据规则')).toBeTruthy();
    expect((fieldOf('ruleColumn') as HTMLInputElement).value).toBe('sys_org_code');
    type('ruleName', '本部门及下级');
    fireEvent.click(okButton());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    const [edit] = writes(server);
    if (edit === undefined) throw new Error('no edit');
    expect(edit.method).toBe('put');
    expect(path(edit)).toBe('/sys/permission/editPermissionRule');
    expect(bodyOf(edit)).toEqual({ id: 'r1', permissionId: 'm1', ruleName: '本部门及下级', ruleColumn: 'sys_org_code', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}', status: '1' });
    expect(await screen.findByText('编辑成功!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByText('确定删除吗?'));
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-primary');
    if (!(confirm instanceof HTMLElement)) throw new Error('no confirm');
    fireEvent.click(confirm);
    await waitFor(() => expect(writes(server)).toHaveLength(2));
    const remove = writes(server)[1];
    expect(remove?.method).toBe('delete');
    expect(remove === undefined ? '' : path(remove)).toBe('/sys/permission/deletePermissionRule');
    expect(paramsOf(remove)).toEqual({ id: 'r1' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  it('shows the server’s message when the list cannot be read, and retries', async () => {
    const server = mockServer(() => ({ status: 200, data: fail('未找到对应数据') }));
    renderDrawer();
    expect(await screen.findByText('未找到对应数据')).toBeTruthy();
    expect(screen.getByText('数据规则加载失败')).toBeTruthy();
    server.reply(() => ({ status: 200, data: ok([RULE]) }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('本部门')).toBeTruthy();
    expect(screen.queryByText('未找到对应数据')).toBeNull();
  });

  it('offers no 新增 / 编辑 / 删除 without system:permission:edit', async () => {
    serve([RULE]);
    signIn([]);
    renderDrawer();
    await screen.findByText('本部门');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });
});

describe('takesDataRules', () => {
  it('offers data rules on pages only', () => {
    expect(takesDataRules({ menuType: 1, component: 'cust/CustMemberList' })).toBe(true);
    expect(takesDataRules({ menuType: 0, component: 'dashboard/Analysis' })).toBe(true);
    expect(takesDataRules({ menuType: 0, component: 'layouts/RouteView' })).toBe(false);
    expect(takesDataRules({ menuType: 0, component: null })).toBe(false);
    expect(takesDataRules({ menuType: 2, component: null })).toBe(false);
  });
});
