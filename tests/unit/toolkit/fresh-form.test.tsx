/**
 * Forms are never stale (issue 32): each opening of an edit form reads the record anew — never the answer an earlier
 * opening left in the cache — and sends back the version it read; a save refused over a newer version offers 刷新;
 * closing a form the user changed asks first (取消, Esc), an unchanged one closes at once.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEntityDefinition } from '../../../src/contracts/entity';
import { session } from '../../../src/providers/session';
import { EntityFormModal, unsavedForms, type ModalState } from '../../../src/toolkit/crud';
import { entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { fail, mockServer, ok } from '../providers/mock-adapter';

const NOTE = parseEntityDefinition({
  table: 'demo_note',
  api: '/demo/note',
  permission: 'demo:note',
  fields: { title: { type: 'string', label: '标题', required: true, max: 20 } },
});

const MSG_STALE = '数据已被他人修改，请刷新后重试';

/** The stored record: what queryById answers now. */
let stored = { id: 'n1', title: '第一版', rowVersion: '100' };
let reads = 0;
let refuseNextSave = false;
const sent: unknown[] = [];

beforeAll(async () => {
  await loadLocales();
});

afterEach(() => vi.restoreAllMocks());

beforeEach(() => {
  signInClerk();
  session.setPermissions({ menu: [], auth: [entry('demo:note:add', '1'), entry('demo:note:edit', '1')], allAuth: [] });
  stored = { id: 'n1', title: '第一版', rowVersion: '100' };
  reads = 0;
  refuseNextSave = false;
  sent.length = 0;
  mockServer((config) => {
    if (config.url === '/demo/note/queryById') {
      reads += 1;
      return { status: 200, data: ok({ ...stored }) };
    }
    if (config.url === '/demo/note/edit') {
      const body = JSON.parse(String(config.data)) as { title: string; rowVersion?: string };
      sent.push(body);
      if (refuseNextSave) {
        refuseNextSave = false;
        return { status: 200, data: fail(MSG_STALE, 409) };
      }
      stored = { ...stored, title: body.title, rowVersion: String(Number(stored.rowVersion) + 1) };
      return { status: 200, data: ok({ ...stored }, '编辑成功!') };
    }
    return { status: 404 };
  });
});

/** A list's edit dialog: opened and closed by the page, like `?edit=<id>`. */
function Page({ onClosed = () => undefined }: { onClosed?: () => void }) {
  const [state, setState] = useState<ModalState>(null);
  return (
    <>
      <button type="button" onClick={() => setState({ mode: 'edit', id: 'n1' })}>
        open
      </button>
      <EntityFormModal
        entity={NOTE}
        state={state}
        onClose={() => {
          setState(null);
          onClosed();
        }}
        onSaved={() => setState(null)}
      />
    </>
  );
}

const titleInput = () => document.querySelector<HTMLInputElement>('#form_title');
const dialogButton = (text: string) => [...document.querySelectorAll('.ant-modal button')].find((button) => button.textContent?.replace(/\s/g, '') === text) as HTMLButtonElement | undefined;
/** The titles of the confirmations asked so far (jsdom never ends antd's leave animation, so closed ones stay). */
const questions = () => [...document.querySelectorAll('.ant-modal-confirm-title')].map((title) => title.textContent);
const last = (name: string) => screen.getAllByRole('button', { name }).at(-1) as HTMLButtonElement;
const shownTitle = async (value: string) => waitFor(() => expect(titleInput()?.value).toBe(value), { timeout: 20_000 });

describe('an edit form', () => {
  it('reads the record anew at every opening and sends back the version that opening read', async () => {
    renderInRefine(<Page />, []);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await shownTitle('第一版');
    fireEvent.change(titleInput() as HTMLInputElement, { target: { value: '第二版' } });
    fireEvent.click(dialogButton('确定') as HTMLButtonElement);
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toMatchObject({ id: 'n1', title: '第二版', rowVersion: '100' });
    await screen.findByText('编辑成功!');
    // Someone else saves meanwhile; opening again shows their save, never the cached 第二版 of the last opening.
    stored = { ...stored, title: '别人改的', rowVersion: '500' };
    const readsBefore = reads;
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await shownTitle('别人改的');
    expect(reads).toBe(readsBefore + 1);
    fireEvent.change(titleInput() as HTMLInputElement, { target: { value: '第三版' } });
    fireEvent.click(dialogButton('确定') as HTMLButtonElement);
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 10_000 });
    expect(sent[1]).toMatchObject({ title: '第三版', rowVersion: '500' });
  }, 60_000);

  it('keeps the dialog open on a stale refusal, and 刷新 reads the newest record', async () => {
    renderInRefine(<Page />, []);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await shownTitle('第一版');
    fireEvent.change(titleInput() as HTMLInputElement, { target: { value: '我的修改' } });
    stored = { ...stored, title: '别人先存了', rowVersion: '900' };
    refuseNextSave = true;
    fireEvent.click(dialogButton('确定') as HTMLButtonElement);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(MSG_STALE);
    // What was typed is still there until the user chooses 刷新.
    expect(titleInput()?.value).toBe('我的修改');
    fireEvent.click(screen.getByRole('button', { name: '刷 新' }));
    await shownTitle('别人先存了');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  }, 60_000);

  it('asks before closing a changed form (取消, Esc), and closes an unchanged one at once', async () => {
    const closed = vi.fn();
    renderInRefine(<Page onClosed={closed} />, []);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await shownTitle('第一版');
    fireEvent.click(dialogButton('取消') as HTMLButtonElement);
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await shownTitle('第一版');
    fireEvent.change(titleInput() as HTMLInputElement, { target: { value: '没保存' } });
    expect(unsavedForms.size).toBe(1);
    fireEvent.click(dialogButton('取消') as HTMLButtonElement);
    await waitFor(() => expect(questions()).toEqual(['放弃未保存的修改？']));
    fireEvent.click(last('继续编辑'));
    expect(closed).toHaveBeenCalledTimes(1);
    expect(titleInput()?.value).toBe('没保存');

    // Esc on the dialog goes the same way.
    act(() => {
      fireEvent.keyDown(titleInput() as HTMLInputElement, { key: 'Escape', code: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(questions()).toEqual(['放弃未保存的修改？', '放弃未保存的修改？']));
    fireEvent.click(last('放弃修改'));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(2));
    expect(unsavedForms.size).toBe(0);
  }, 60_000);
});
