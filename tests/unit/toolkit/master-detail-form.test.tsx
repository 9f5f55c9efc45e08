/**
 * Master-detail in the toolkit (issue #10): an entity with child rows (here one arriving as JSON at run time) edits
 * them in the editable table inside its form; the rows travel in the add/edit body — stored rows with their id, new
 * rows without — and an invalid cell keeps the form from saving.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEntityDefinition } from '../../../src/contracts/entity';
import { session } from '../../../src/providers/session';
import { EntityFormModal } from '../../../src/toolkit/crud';
import { entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok } from '../providers/mock-adapter';

const ORDER = parseEntityDefinition({
  table: 'demo_order',
  api: '/demo/order',
  permission: 'demo:order',
  fields: { orderNo: { type: 'string', label: '单号', required: true, max: 20 } },
  children: {
    lines: {
      label: '明细',
      foreignKey: 'orderId',
      entity: {
        table: 'demo_order_line',
        api: '/demo/orderLine',
        permission: 'demo:order',
        fields: {
          orderId: { type: 'ref', label: '订单', form: false },
          goodsName: { type: 'string', label: '商品名称', required: true, max: 20 },
          qty: { type: 'int', label: '数量' },
        },
      },
    },
  },
});

const sent: Array<{ url: string; body: unknown }> = [];

beforeAll(async () => {
  await loadLocales();
});

afterEach(() => vi.restoreAllMocks());

beforeEach(() => {
  // jsdom lays nothing out: give the grid's scrolling area a size, so its virtual rows render.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
  signInClerk();
  session.setPermissions({ menu: [], auth: [entry('demo:order:add', '1'), entry('demo:order:edit', '1')], allAuth: [] });
  sent.length = 0;
  mockServer((config) => {
    if (config.url === '/demo/order/queryById') {
      return { status: 200, data: ok({ id: 'o1', orderNo: 'A-1', lines: [{ id: 'l1', orderId: 'o1', goodsName: '苹果', qty: 2 }, { id: 'l2', orderId: 'o1', goodsName: '香蕉', qty: 1 }] }) };
    }
    if (config.url === '/demo/order/add' || config.url === '/demo/order/edit') {
      sent.push({ url: config.url, body: JSON.parse(String(config.data)) as unknown });
      return { status: 200, data: ok({ id: 'o1' }, '保存成功') };
    }
    return { status: 404 };
  });
});

const okButton = () => [...document.querySelectorAll('.ant-modal button')].find((button) => button.textContent?.replace(/\s/g, '') === '确定') as HTMLButtonElement;
const cells = (label: string) => [...document.querySelectorAll<HTMLInputElement>(`[data-testid="child-grid-lines"] input[aria-label="${label}"]`)];

describe('a master-detail form', () => {
  it('shows the stored rows and sends them back with their ids', async () => {
    renderInRefine(<EntityFormModal entity={ORDER} state={{ mode: 'edit', id: 'o1' }} onClose={() => undefined} onSaved={() => undefined} />, []);
    await waitFor(() => expect(cells('商品名称').map((input) => input.value)).toEqual(['苹果', '香蕉']), { timeout: 20_000 });
    fireEvent.change(cells('商品名称')[1] as HTMLInputElement, { target: { value: '橙子' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toEqual({
      url: '/demo/order/edit',
      body: {
        id: 'o1',
        orderNo: 'A-1',
        lines: [
          { id: 'l1', goodsName: '苹果', qty: 2 },
          { id: 'l2', goodsName: '橙子', qty: 1 },
        ],
      },
    });
  }, 60_000);

  it('adds a row in the grid, keeps the form from saving while a required cell is empty, then sends it without an id', async () => {
    renderInRefine(<EntityFormModal entity={ORDER} state={{ mode: 'create' }} onClose={() => undefined} onSaved={() => undefined} />, []);
    const orderNo = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('#form_orderNo');
      if (input === null) throw new Error('no form yet');
      return input;
    });
    fireEvent.change(orderNo, { target: { value: 'B-1' } });
    fireEvent.click(await screen.findByRole('button', { name: /新增行/ }));
    await waitFor(() => expect(cells('商品名称')).toHaveLength(1));
    fireEvent.click(okButton());
    // The grid shows the cell's message; nothing was sent.
    expect(await screen.findByText('请输入商品名称!')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(cells('商品名称')[0] as HTMLInputElement, { target: { value: '梨' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toEqual({ url: '/demo/order/add', body: { orderNo: 'B-1', lines: [{ goodsName: '梨', qty: null }] } });
  }, 60_000);
});
