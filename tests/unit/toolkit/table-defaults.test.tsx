/**
 * docs/spec.md §9 table defaults on the CRUD list page and the popup picker: page size 10 with options 10/20/30,
 * a quick jumper, rows keyed by id, size medium (antd `middle`).
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import { EntityListPage } from '../../../src/toolkit/crud';
import { resourceOf } from '../../../src/toolkit/crud/resource';
import { PopupModal } from '../../../src/toolkit/popup/popup-modal';
import { POPUP_API } from '../../../src/toolkit/popup/popup-api';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const ids = ['m-7', 'm-3', 'm-9'];
const records = ids.map((id, index) => ({ id, memberNo: `M${index}`, memberName: `会员${index}`, status: '1', tenantId: 0 }));
let server: MockServer;

beforeAll(async () => {
  await loadLocales();
});

/** A desktop screen: every min-width breakpoint matches (Refine's useTable pages simply on phones). */
function desktopScreen() {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query.includes('min-width') }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  desktopScreen();
  signInClerk();
  server = mockServer((config) => {
    const url = config.url ?? '';
    if (url.startsWith(POPUP_API.columns)) {
      return { status: 200, data: ok({ cgRpConfigId: 'rp1', cgRpConfigName: '会员选择', columns: [{ title: '会员名', dataIndex: 'memberName' }], dictOptions: {} }) };
    }
    if (url.startsWith(POPUP_API.queryInfo)) return { status: 200, data: ok([]) };
    if (url.startsWith(POPUP_API.data)) return { status: 200, data: ok({ records, total: 45 }) };
    return { status: 200, data: ok({ records, total: 45, size: 10, current: 1, pages: 5 }) };
  });
});

const rowKeys = (root: ParentNode) => [...root.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.getAttribute('data-row-key'));

/** Opens the page-size changer of the pagination inside `root` and reads its options' numbers. */
async function pageSizeOptions(root: ParentNode): Promise<number[]> {
  const selector = root.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement;
  fireEvent.mouseDown(selector);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => Number.parseInt(option.textContent ?? '', 10));
}

function expectTableDefaults(root: ParentNode) {
  expect(rowKeys(root)).toEqual(ids);
  expect(root.querySelector('.ant-table')?.classList.contains('ant-table-middle')).toBe(true);
  expect(root.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();
  // Page size 10 by default: 45 rows make five pages.
  expect(root.querySelectorAll('.ant-pagination-item')).toHaveLength(5);
}

describe('list page table', () => {
  it('keys rows by id, is medium sized, pages by 10 with 10/20/30 and a quick jumper', async () => {
    const { container } = renderInRefine(
      <AntdApp>
        <EntityListPage entity={memberEntity} />
      </AntdApp>,
      [resourceOf(memberEntity)],
    );
    await waitFor(() => expect(rowKeys(container)).toHaveLength(3));
    expectTableDefaults(container);
    // The list's own request (the form's dictionaries load beside it).
    expect(server.calls.find((call) => call.url === `${memberEntity.api}/list`)?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(await pageSizeOptions(container)).toEqual([10, 20, 30]);
  }, 60_000);
});

describe('popup modal table', () => {
  it('keys rows by id, is medium sized, pages by 10 with 10/20/30 and a quick jumper', async () => {
    // Under Refine, as in the product: the popup reads through its data provider.
    renderInRefine(<PopupModal open code="member_pick" onCancel={() => undefined} onOk={() => undefined} />, [], '/');
    await waitFor(() => expect(rowKeys(document)).toHaveLength(3));
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('1200px');
    expectTableDefaults(modal);
    const dataCall = server.calls.find((call) => (call.url ?? '').startsWith(POPUP_API.data));
    expect(dataCall?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(await pageSizeOptions(modal)).toEqual([10, 20, 30]);
  }, 60_000);
});
