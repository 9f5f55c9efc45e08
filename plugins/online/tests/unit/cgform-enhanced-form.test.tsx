/**
 * The generated list's dialog runs the form's enhancement (through the sandbox): `loaded` patches the fields when
 * the dialog opens, `beforeSubmit` patches them before the save; a failing enhancement (no patch) changes nothing
 * and the form still saves.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEntityDefinition } from '../../../../src/contracts/entity';
import { CgformEnhancedForm } from '../../components/cgform-enhanced-form';
import type { EnhanceSandbox } from '../../components/enhance-sandbox';
import { loadLocales, renderInRefine, signInClerk } from '../../../../tests/unit/customers/list-harness';
import { mockServer, ok } from '../../../../tests/unit/providers/mock-adapter';

const ENTITY = parseEntityDefinition({
  table: 'e2e_note',
  api: '/online/cgform/data/e2e_note',
  permission: 'online:e2e_note',
  title: '备忘',
  fields: {
    title: { type: 'string', label: '标题', required: true, column: 'title' },
    remark: { type: 'string', label: '备注', column: 'remark' },
  },
});

const posted: unknown[] = [];

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  posted.length = 0;
  mockServer((config) => {
    if (config.url === '/online/cgform/data/e2e_note/add') {
      posted.push(JSON.parse(String(config.data)));
      return { status: 200, data: ok(null, '添加成功！') };
    }
    return { status: 404 };
  });
});

const input = (id: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLInputElement>(`#${id}`);
    if (found === null) throw new Error(`no #${id} yet`);
    return found;
  });
const okButton = () => [...document.querySelectorAll('.ant-modal button')].find((button) => button.textContent?.replace(/\s/g, '') === '确定') as HTMLButtonElement;

function render(sandbox: EnhanceSandbox, onSaved = vi.fn()) {
  renderInRefine(<CgformEnhancedForm entity={ENTITY} state={{ mode: 'create' }} onClose={() => undefined} onSaved={onSaved} enhanceJs="function loaded(){}" sandbox={sandbox} />, []);
  return onSaved;
}

describe('the generated form with an enhancement', () => {
  it('applies the patch of loaded when it opens and of beforeSubmit before it saves', async () => {
    const run = vi.fn<EnhanceSandbox['run']>(async (_code, hook, values) => (hook === 'loaded' ? { title: '预填标题', id: 'forged' } : { remark: `${String(values.title)}（已检查）` }));
    const onSaved = render({ run, dispose: () => undefined });
    await waitFor(async () => expect((await input('form_title')).value).toBe('预填标题'), { timeout: 20_000 });
    expect(run).toHaveBeenCalledWith('function loaded(){}', 'loaded', {});
    fireEvent.change(await input('form_title'), { target: { value: '改过的标题' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000 });
    expect(run).toHaveBeenLastCalledWith('function loaded(){}', 'beforeSubmit', expect.objectContaining({ title: '改过的标题' }));
    // Only the form's own fields are patched: the forged id never reaches the body.
    expect(posted[0]).toEqual({ title: '改过的标题', remark: '改过的标题（已检查）' });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  }, 60_000);

  it('a failing enhancement (no patch) leaves the form as it is and it still saves', async () => {
    const run = vi.fn<EnhanceSandbox['run']>(async () => null);
    render({ run, dispose: () => undefined });
    await waitFor(() => expect(run).toHaveBeenCalledWith('function loaded(){}', 'loaded', expect.anything()), { timeout: 20_000 });
    // An invalid form: its message shows, beforeSubmit does not run, nothing is sent.
    await input('form_title');
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入标题!')).toBeTruthy();
    expect(run).toHaveBeenCalledTimes(1);
    expect(posted).toHaveLength(0);
    fireEvent.change(await input('form_title'), { target: { value: '照常保存' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000 });
    expect(posted[0]).toEqual({ title: '照常保存' });
  }, 60_000);
});
