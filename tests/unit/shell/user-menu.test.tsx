import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUTTON_CONFIG } from '../../../src/app/theme';
import { session } from '../../../src/providers/session';
import { UserMenu } from '../../../src/shell/header/user-menu';
import { renderInRefine } from '../customers/list-harness';
import { mockServer, type MockServer } from '../providers/mock-adapter';
import { useLocales } from '../use-locales';

useLocales();

/** The server's answers by path, in order; every request is recorded (the menu reads and saves through the data provider). */
let answers: Record<string, unknown[]> = {};
let server: MockServer;
beforeEach(() => {
  answers = {};
  server = mockServer((config) => {
    const queue = answers[config.url ?? ''] ?? [];
    const next = queue.shift();
    return next === undefined ? { fail: 'network' } : { status: 200, data: next };
  });
});
const answer = (url: string, ...envelopes: unknown[]) => {
  answers[url] = [...(answers[url] ?? []), ...envelopes];
};
const callsTo = (method: string) => server.calls.filter((call) => call.method === method);

/** Under Refine, as in the product: the dialogs save through its data provider. */
function renderMenu() {
  renderInRefine(
    <ConfigProvider button={BUTTON_CONFIG}>
      <UserMenu />
    </ConfigProvider>,
    [],
    '/',
  );
}

async function choose(item: string) {
  fireEvent.click(screen.getByRole('button', { name: /用户菜单/ }));
  fireEvent.click(await screen.findByText(item));
}

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, result, message, code: success ? 200 : 500, timestamp: 0 });

describe('user dropdown', () => {
  it('warns 当前系统无登录用户! instead of opening the password dialog without a user', async () => {
    renderMenu();
    await choose('密码修改');
    expect(await screen.findByText('当前系统无登录用户!')).toBeTruthy();
    expect(screen.queryByLabelText('旧密码')).toBeNull();
  });

  it('opens the password dialog for a known user', async () => {
    session.setUserInfo({ id: '1', username: 'clerk', realname: '店员' });
    renderMenu();
    expect(screen.getByRole('button', { name: '用户菜单：店员' })).toBeTruthy();
    await choose('密码修改');
    expect(await screen.findByLabelText('旧密码')).toBeTruthy();
  });

  it('refreshes the dictionary cache: refleshCache, then queryAllDictItems', async () => {
    answer('/sys/dict/refleshCache', envelope(true, null));
    answer('/sys/dict/queryAllDictItems', envelope(true, { sex: [{ value: '1', text: '男' }] }));
    renderMenu();
    await choose('清理缓存');
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    expect(callsTo('get').map((call) => call.url)).toEqual(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']);
    expect(session.getDictCache()).toEqual({ sex: [{ value: '1', text: '男' }] });
  });

  it('says 刷新缓存失败！ when the refresh fails', async () => {
    answer('/sys/dict/refleshCache', envelope(false, null, 'no'));
    renderMenu();
    await choose('清理缓存');
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
  });

  it('department switch: an empty list warns and no dialog shows', async () => {
    answer('/sys/user/getCurrentUserDeparts', envelope(true, { list: [], orgCode: null }));
    renderMenu();
    await choose('切换部门');
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    expect(screen.queryByText('请选择登录部门')).toBeNull();
  });

  it('department switch: the current department is preselected and shown in the header; no choice marks the field, a choice is stored', async () => {
    session.setUserInfo({ id: '1', username: 'admin', realname: '管理员', orgCode: 'A01' });
    answer(
      '/sys/user/getCurrentUserDeparts',
      envelope(true, {
        list: [
          { id: 'd1', orgCode: 'A01', departName: '总部' },
          { id: 'd2', orgCode: 'A01A01', departName: '华东分公司' },
        ],
        orgCode: 'A01',
      }),
    );
    answer('/sys/selectDepart', envelope(true, { userInfo: { id: '1', username: 'admin', realname: '管理员', orgCode: 'A01A01' } }, '切换部门成功'));
    session.saveLogin({
      token: 't',
      userInfo: { id: '1', username: 'admin', realname: '管理员', orgCode: 'A01' },
      sysAllDictItems: {},
      departs: [
        { id: 'd1', orgCode: 'A01', departName: '总部' },
        { id: 'd2', orgCode: 'A01A01', departName: '华东分公司' },
      ],
      multi_depart: 2,
      tenantList: [],
    });
    renderMenu();
    expect(screen.getByTestId('current-depart').textContent).toBe('总部');
    await choose('切换部门');
    expect(await screen.findByText('您隶属于多部门，请选择当前所在部门')).toBeTruthy();
    const dialog = document.querySelector('.depart-select-modal') as HTMLElement;
    expect(dialog.querySelector('.ant-select-selection-item')?.textContent).toBe('总部');
    expect(dialog.querySelector('.ant-select-selection-placeholder')).toBeNull();
    fireEvent.mouseDown(dialog.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.querySelector('.ant-select-status-error')).not.toBeNull());
    expect(callsTo('post')).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('华东分公司'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('post').map((call) => [call.url, JSON.parse(String(call.data)) as unknown])).toEqual([['/sys/selectDepart', { orgCode: 'A01A01', username: 'admin' }]]));
    await waitFor(() => expect(session.getUserInfo()?.orgCode).toBe('A01A01'));
    expect(await screen.findByText('切换部门成功')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('current-depart').textContent).toBe('华东分公司'));
  }, 20_000);
});
