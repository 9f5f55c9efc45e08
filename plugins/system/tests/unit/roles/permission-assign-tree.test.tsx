import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntdApp, ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CONFIG } from '../../../../../src/app/theme';
import { dataProvider } from '../../../../../src/providers/data-provider';
import type { PermissionTreeNode, PermissionTreeResult } from '../../../roles/contracts';
import { PermissionAssignTree, type PermissionOwner } from '../../../roles/components/permission-assign-tree';
import { useLocales } from '../../../../../tests/unit/use-locales';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../../src/providers/http', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../../src/providers/http')>();
  // The screen reads and writes through the data provider's custom(), which sends http.request:
  // answered here as the GET / POST it is (a GET without parameters as get(url)).
  const request = ({ method, url, data, params }: { method: string; url: string; data?: unknown; params?: Record<string, unknown> }): unknown => {
    if (method !== 'get') return api.post(url, data);
    return params === undefined || Object.keys(params).length === 0 ? api.get(url) : api.get(url, params);
  };
  return { ...original, http: { ...original.http, get: api.get, post: api.post, request } };
});

const envelope = <T,>(result: T, message = '') => ({ success: true, code: 200, message, result, timestamp: 0 });

function node(key: string, title: string, children?: PermissionTreeNode[], ruleFlag: 0 | 1 = 0): PermissionTreeNode {
  return { key, title, slotTitle: title, value: key, parentId: null, menuType: children ? 1 : 2, isLeaf: children === undefined, ruleFlag, ...(children ? { children } : {}) };
}

const TREE: PermissionTreeResult = {
  treeList: [node('members', '会员列表', [node('add', '新增会员'), node('edit', '编辑会员')], 1), node('dict', '数据字典')],
  ids: ['members', 'add', 'edit', 'dict'],
};

useLocales('crud', 'sysRole', 'toolkit');
beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

function serve(granted: string[], tree: PermissionTreeResult = TREE) {
  api.get.mockImplementation((url: string) => {
    if (url.endsWith('queryTreeList') || url.endsWith('queryTreeListForDeptRole')) return Promise.resolve(envelope(tree));
    if (url.includes('/datarule/')) return Promise.resolve(envelope({ datarule: [{ id: 'r1', permissionId: 'members', ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' }], drChecked: 'r1' }));
    return Promise.resolve(envelope(granted));
  });
}

function renderTree(owner: PermissionOwner, onSaved = vi.fn()) {
  render(
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
      <ConfigProvider button={BUTTON_CONFIG}>
        <AntdApp>
          <PermissionAssignTree owner={owner} onSaved={onSaved} />
        </AntdApp>
      </ConfigProvider>
    </Refine>,
  );
  return onSaved;
}

const checkboxOf = (title: string) => {
  const treeNode = screen.getByText(title).closest('.ant-tree-treenode');
  const box = treeNode?.querySelector('.ant-tree-checkbox');
  if (!(box instanceof HTMLElement)) throw new Error(`no checkbox for ${title}`);
  return box;
};
const isChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');

describe('PermissionAssignTree', () => {
  it('shows the granted ids checked, checks a button alone and saves the diff for a role', async () => {
    serve(['members']);
    api.post.mockResolvedValue(envelope(null, '保存成功！'));
    const onSaved = renderTree({ kind: 'role', roleId: 'r-1' });
    await screen.findByText('新增会员');
    expect(api.get).toHaveBeenCalledWith('/sys/permission/queryTreeList');
    expect(api.get).toHaveBeenCalledWith('/sys/permission/queryRolePermission', { roleId: 'r-1' });
    expect(isChecked('会员列表')).toBe(true);
    expect(isChecked('新增会员')).toBe(false);

    fireEvent.click(checkboxOf('新增会员'));
    fireEvent.click(checkboxOf('会员列表'));
    // Strict: unchecking the page leaves its button checked.
    expect(isChecked('新增会员')).toBe(true);
    expect(isChecked('会员列表')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.post).toHaveBeenCalledWith('/sys/permission/saveRolePermission', { roleId: 'r-1', permissionIds: 'add', lastpermissionIds: 'members' });
    expect(await screen.findByText('保存成功！')).toBeTruthy();
  });

  it('filters by title without losing checked nodes that are hidden, and checks / unchecks all', async () => {
    serve(['dict']);
    api.post.mockResolvedValue(envelope(null, '保存成功！'));
    renderTree({ kind: 'depart', departId: 'd-1' });
    await screen.findByText('数据字典');
    expect(api.get).toHaveBeenCalledWith('/sys/permission/queryDepartPermission', { departId: 'd-1' });
    fireEvent.change(screen.getByPlaceholderText('搜索权限'), { target: { value: '编辑' } });
    await waitFor(() => expect(screen.queryByText('数据字典')).toBeNull());
    fireEvent.click(checkboxOf('编辑会员'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/sys/permission/saveDepartPermission', { departId: 'd-1', permissionIds: 'dict,edit', lastpermissionIds: 'dict' }));

    fireEvent.change(screen.getByPlaceholderText('搜索权限'), { target: { value: '没有这个' } });
    expect(await screen.findByText('没有匹配的权限')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('搜索权限'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(['会员列表', '新增会员', '编辑会员', '数据字典'].every(isChecked)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(['会员列表', '新增会员', '编辑会员', '数据字典'].some(isChecked)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '折叠全部' }));
    await waitFor(() => expect(screen.queryByText('新增会员')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(await screen.findByText('新增会员')).toBeTruthy();
  });

  it('uses the department-role calls and says when the department holds nothing', async () => {
    serve([], { treeList: [], ids: [] });
    renderTree({ kind: 'deptRole', departId: 'd-1', roleId: 'dr-1' });
    expect(await screen.findByText('该部门尚未分配权限，请先为部门授权')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: 'd-1' });
    expect(api.get).toHaveBeenCalledWith('/sys/sysDepartPermission/queryDeptRolePermission', { roleId: 'dr-1' });
  });

  it('shows the server message when loading fails, and retries', async () => {
    api.get.mockResolvedValue({ success: false, code: 500, message: '未找到对应数据', result: null, timestamp: 0 });
    renderTree({ kind: 'role', roleId: 'gone' });
    expect(await screen.findByText('未找到对应数据')).toBeTruthy();
    serve([]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('会员列表')).toBeTruthy();
  });

  it('opens the data rules of a permission that has some, for roles only', async () => {
    serve(['members']);
    renderTree({ kind: 'role', roleId: 'r-1' });
    await screen.findByText('会员列表');
    const links = screen.getAllByRole('button', { name: '数据规则' });
    expect(links).toHaveLength(1);
    fireEvent.click(links[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('本部门')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/sys/role/datarule/members/r-1');
    expect((within(drawer).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    api.post.mockResolvedValue(envelope(null, '保存成功！'));
    fireEvent.click(within(drawer).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/sys/role/datarule', { permissionId: 'members', roleId: 'r-1', dataRuleIds: '' }));
  });
});
