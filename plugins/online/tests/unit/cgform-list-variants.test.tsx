/**
 * The generated list opens the variant its definition asks for (`/online/cgformList/:code`): innerTable rows expand
 * to their sub rows (read-only), erp shows a clicked row's sub rows below and saves a sub-row change through the main
 * row's edit, tab lays the dialog out as the main fields and one tab per sub table; a tree is always the tree list.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../../src/contracts/entity';
import { loadNamespace } from '../../../../src/providers/i18n';
import { entry, loadLocales, renderInRefine, signInClerk } from '../../../../tests/unit/customers/list-harness';
import { mockServer, ok, type MockServer } from '../../../../tests/unit/providers/mock-adapter';
import type { CgformEntity, ThemeTemplate } from '../../cgform-api';
import type { LoadedCgform } from '../../components/cgform-gate';
import { variantOf } from '../../components/cgform-list-variants';
import CgformAutoList from '../../pages/cgform-auto-list';

const API = '/online/cgform/data/demo_order';
const DEFINITION: EntityDefinition = {
  table: 'demo_order',
  api: API,
  permission: 'online:demo_order',
  title: '采购申请',
  fields: { orderNo: { type: 'string', label: '申请单号', required: true, column: 'order_no' } },
  children: {
    demoOrderLine: {
      label: '申请明细',
      foreignKey: 'orderId',
      entity: {
        table: 'demo_order_line',
        api: '/online/cgform/data/demo_order_line',
        permission: 'online:demo_order',
        fields: {
          orderId: { type: 'ref', label: '申请单', column: 'order_id', form: false, list: false },
          goodsName: { type: 'string', label: '商品名称', required: true, column: 'goods_name' },
        },
      },
    },
  },
};
const ORDER = { id: 'o1', orderNo: 'PR-001' };
const LINES = [
  { id: 'l1', orderId: 'o1', goodsName: '打印纸' },
  { id: 'l2', orderId: 'o1', goodsName: '墨盒' },
];
const AUTH = ['list', 'add', 'edit', 'delete'].map((action) => entry(`online:demo_order:${action}`, '1', '1'));

let server: MockServer;
let theme: ThemeTemplate = 'normal';
const answer = (): CgformEntity => ({ headId: 'h1', code: 'demo_order', title: '采购申请', tableType: 2, themeTemplate: theme, definition: DEFINITION, enhanceJs: null, enhanceListJs: null });
const LONG = { timeout: 20_000 };
const rowsOf = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
const buttonNamed = (text: string, root: ParentNode = document) => [...root.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === text);
const edits = (calls: InternalAxiosRequestConfig[]) => calls.filter((call) => call.url === `${API}/edit`).map((call) => JSON.parse(String(call.data)) as Record<string, unknown>);

beforeAll(async () => {
  await loadLocales();
  await loadNamespace('online');
});

beforeEach(() => {
  signInClerk(AUTH, AUTH);
  server = mockServer((config) => {
    if (config.url === '/online/cgform/api/entity/demo_order') return { status: 200, data: ok(answer()) };
    if (config.url === `${API}/list`) return { status: 200, data: ok({ records: [ORDER], total: 1 }) };
    if (config.url === `${API}/queryById`) return { status: 200, data: ok({ ...ORDER, demoOrderLine: LINES }) };
    if (config.url === `${API}/edit`) return { status: 200, data: ok({ ...ORDER, demoOrderLine: LINES.slice(1) }, '编辑成功!') };
    return { status: 404 };
  });
});

const open = () => renderInRefine(<CgformAutoList />, [{ name: 'demo_order', meta: { api: API } }], '/online/cgformList/demo_order');

describe('the variant a definition asks for', () => {
  it('is the tree list for a tree, else the main table’s themeTemplate (normal for a single table)', () => {
    const form = (definition: EntityDefinition, template: ThemeTemplate) => ({ entity: definition, answer: { ...answer(), themeTemplate: template } }) as unknown as LoadedCgform;
    expect(variantOf(form(DEFINITION, 'erp'))).toBe('erp');
    expect(variantOf(form({ ...DEFINITION, children: undefined }, 'erp'))).toBe('normal');
    const tree = { ...DEFINITION, children: undefined, fields: { ...DEFINITION.fields, pid: { type: 'string', label: 'p' }, hasChild: { type: 'string', label: 'h' } }, tree: { parentField: 'pid', hasChildField: 'hasChild', labelField: 'orderNo' } } as EntityDefinition;
    expect(variantOf(form(tree, 'tab'))).toBe('tree');
  });

  it('innerTable: a main row expands to its sub rows, read-only', async () => {
    theme = 'innerTable';
    const { container } = open();
    await waitFor(() => expect(rowsOf()).toHaveLength(1), LONG);
    fireEvent.click(container.querySelector('button.ant-table-row-expand-icon') as HTMLElement);
    const inner = await waitFor(() => {
      const found = document.querySelector('[data-testid="inner-demoOrderLine"]');
      if (found === null || !found.textContent?.includes('墨盒')) throw new Error('no sub rows yet');
      return found;
    }, LONG);
    expect(inner.textContent).toContain('打印纸');
    expect(inner.querySelectorAll('button')).toHaveLength(0);
  }, 60_000);

  it('erp: a clicked row shows its sub rows below; deleting one saves the main row with the rows left', async () => {
    theme = 'erp';
    open();
    expect(await screen.findByText('点击上方列表中的一行，查看其明细', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(rowsOf()).toHaveLength(1), LONG);
    fireEvent.click(screen.getByText('PR-001'));
    const detail = await screen.findByTestId('erp-detail', undefined, LONG);
    await waitFor(() => expect(detail.textContent).toContain('墨盒'), LONG);
    const firstRow = detail.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    fireEvent.click(buttonNamed('删除', firstRow) as HTMLElement);
    fireEvent.click((await waitFor(() => buttonNamed('确定', document.querySelector('.ant-popover') ?? document) ?? Promise.reject(new Error('no confirm')), LONG)) as HTMLElement);
    await waitFor(() => expect(edits(server.calls)).toHaveLength(1), LONG);
    const [body] = edits(server.calls);
    expect(body?.id).toBe('o1');
    expect((body?.demoOrderLine as Array<{ id: string }>).map((row) => row.id)).toEqual(['l2']);
  }, 60_000);

  it('tab: the add dialog shows the main fields and each sub table as a tab', async () => {
    theme = 'tab';
    open();
    await waitFor(() => expect(rowsOf()).toHaveLength(1), LONG);
    fireEvent.click(buttonNamed('新增') as HTMLElement);
    const tabs = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-modal .ant-tabs-tab')].map((tab) => tab.textContent);
      if (found.length === 0) throw new Error('no tabs yet');
      return found;
    }, LONG);
    expect(tabs).toEqual(['采购申请', '申请明细']);
    expect(document.querySelector('.ant-modal #form_orderNo')).not.toBeNull();
  }, 60_000);
});
