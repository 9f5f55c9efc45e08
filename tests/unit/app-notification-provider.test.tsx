import { act, render, screen } from '@testing-library/react';
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { useAppNotificationProvider } from '../../src/app/notification-provider';
import { notePresented } from '../../src/providers/http/presenter';

/** The provider as Refine gets it, inside antd's <App>. */
function withProvider(): { current: NotificationProvider | null } {
  const provider: { current: NotificationProvider | null } = { current: null };
  function Probe() {
    provider.current = useAppNotificationProvider();
    return null;
  }
  render(
    <App>
      <Probe />
    </App>,
  );
  return provider;
}

describe('the app notification provider', () => {
  it('shows a notice as Refine\'s antd provider does: the description as title, the message below it', async () => {
    const provider = withProvider();
    act(() => provider.current?.open({ key: 'saved', type: 'success', message: '保存成功', description: '成功' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(screen.getByText('成功').closest('.ant-notification-notice-title, .ant-notification-notice-message')).not.toBeNull();
    act(() => provider.current?.close('saved'));
  });

  it('leaves out an error the http client has just shown, once, and shows the next one', async () => {
    const provider = withProvider();
    notePresented('没有权限，请联系管理员授权');
    act(() => provider.current?.open({ key: 'denied', type: 'error', message: 'Error (status code: 403)', description: '没有权限，请联系管理员授权' }));
    act(() => provider.current?.open({ key: 'other', type: 'error', message: '另一个错误', description: '系统提示' }));
    expect(await screen.findByText('另一个错误')).toBeTruthy();
    expect(screen.queryByText('Error (status code: 403)')).toBeNull();
    act(() => provider.current?.open({ key: 'again', type: 'error', message: '再次失败', description: '没有权限，请联系管理员授权' }));
    expect(await screen.findByText('再次失败')).toBeTruthy();
  });
});
