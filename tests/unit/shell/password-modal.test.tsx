import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CONFIG } from '../../../src/app/theme';
import { PASSWORD_MODAL_WIDTH, PasswordModal } from '../../../src/shell/dialogs/password-modal';
import { renderInRefine } from '../customers/list-harness';
import { mockServer, ok, type MockServer, type Reply } from '../providers/mock-adapter';
import { useLocales } from '../use-locales';

useLocales();
let server: MockServer;
/** The body of each password change the server received. */
const posted = () => server.calls.filter((call) => call.url === '/sys/user/updatePassword').map((call) => JSON.parse(String(call.data)) as unknown);
let answer: Reply;

beforeEach(() => {
  answer = { status: 200, data: ok(null, '密码修改成功！') };
  server = mockServer(() => answer);
});

function renderModal(onClose = vi.fn()) {
  renderInRefine(
    <ConfigProvider button={BUTTON_CONFIG}>
      <PasswordModal open username="clerk" onClose={onClose} />
    </ConfigProvider>,
    [],
  );
  return onClose;
}

const field = (label: string) => screen.getByLabelText(label);

describe('change-password dialog (docs/spec.md §5)', () => {
  it('is 800 px wide and asks for all three fields', async () => {
    expect(PASSWORD_MODAL_WIDTH).toBe(800);
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(screen.getByText('请输入新密码!')).toBeTruthy();
    expect(screen.getByText('请确认新密码!')).toBeTruthy();
    expect(posted()).toEqual([]);
    expect((document.querySelector('.ant-modal') as HTMLElement | null)?.style.width).toBe('800px');
  });

  it('says 两次输入的密码不一样！ when the confirmation differs', async () => {
    renderModal();
    fireEvent.change(field('旧密码'), { target: { value: '123456' } });
    fireEvent.change(field('新密码'), { target: { value: 'abcdef' } });
    fireEvent.change(field('确认新密码'), { target: { value: 'abcdeg' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('sends username, oldpassword, password, confirmpassword and closes on success', async () => {
    const onClose = renderModal();
    fireEvent.change(field('旧密码'), { target: { value: '123456' } });
    fireEvent.change(field('新密码'), { target: { value: 'abcdef' } });
    fireEvent.change(field('确认新密码'), { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted()).toEqual([{ username: 'clerk', oldpassword: '123456', password: 'abcdef', confirmpassword: 'abcdef' }]);
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
  });

  it('keeps the dialog open with a warning carrying the server message on failure', async () => {
    answer = { status: 200, data: { success: false, message: '旧密码输入错误!', code: 500, result: null, timestamp: 0 } };
    const onClose = renderModal();
    fireEvent.change(field('旧密码'), { target: { value: 'wrong1' } });
    fireEvent.change(field('新密码'), { target: { value: 'abcdef' } });
    fireEvent.change(field('确认新密码'), { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('旧密码输入错误!')).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
