/**
 * 会员列表 in jsdom: buttons gated locally for clerk (新增 absent, 删除 disabled, 编辑 enabled), and
 * 1,000 rows with row actions cost the list and one lookup per table dictionary — no permission request, nothing per row.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import MemberListPage from '../../../plugins/customers/pages/member-list';
import { EntityListPage } from '../../../src/toolkit/crud';
import { resourceOf } from '../../../src/toolkit/crud/resource';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';
import { loadLocales, renderInRefine, signInClerk } from './list-harness';

// Enough rows that a per-row request would show (hundreds), few enough that jsdom renders them in seconds.
const ROWS = 200;

function members(count: number) {
  return Array.from({ length: count }, (_unused, index) => ({
    id: `m${index + 1}`,
    memberNo: `M${String(index + 1).padStart(6, '0')}`,
    memberName: `会员${index + 1}`,
    mobile: '13800000000',
    sex: '1',
    sex_dictText: '男',
    levelId: 'lv2',
    levelId_dictText: '银卡会员',
    point: index,
    balance: 1.5,
    status: '1',
    status_dictText: '有效',
    registerTime: '2024-01-01 10:00:00',
    tenantId: 0,
  }));
}

let server: MockServer;

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  server = mockServer((config) => {
    const size = Number((config.params as Record<string, unknown> | undefined)?.pageSize ?? 10);
    const records = members(Math.min(size, ROWS));
    return { status: 200, data: ok({ records, total: ROWS, size, current: 1, pages: Math.ceil(ROWS / size) }) };
  });
});

const rowsOf = (container: HTMLElement) => container.querySelectorAll('.ant-table-tbody tr.ant-table-row');
/** Buttons by their text (antd puts a space between two CJK characters); role queries crawl on big tables. */
const buttonsNamed = (element: Element, text: string) =>
  [...element.querySelectorAll('button')].filter((button) => button.textContent?.replace(/\s/g, '') === text);

describe('会员列表 for clerk', () => {
  it('hides 新增 (type 1 not granted), shows 删除 disabled (type 2 not granted) and 编辑 enabled', async () => {
    const { container } = renderInRefine(<MemberListPage />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(10));
    const toolbar = container.querySelector('.crud-toolbar') as HTMLElement;
    expect(buttonsNamed(toolbar, '新增')).toHaveLength(0);
    // Export is granted to everybody (status '0'); import is not clerk's.
    expect(buttonsNamed(toolbar, '导出')).toHaveLength(1);
    expect(buttonsNamed(toolbar, '导入')).toHaveLength(0);
    for (const row of rowsOf(container)) expect(buttonsNamed(row, '编辑').map((button) => button.disabled)).toEqual([false]);
    // 删除 waits under 更多 (a row has more than two actions), there disabled.
    fireEvent.click(buttonsNamed(rowsOf(container)[0] as HTMLElement, '更多')[0] as HTMLElement);
    const remove = await waitFor(() => {
      const item = [...document.querySelectorAll('.ant-dropdown-menu-item')].find((candidate) => candidate.textContent === '删除');
      expect(item).toBeDefined();
      return item as HTMLElement;
    });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('会员列表')).toBeTruthy();
  }, 60_000);

  it(`renders ${ROWS} rows with row actions after the list and one lookup per dictionary the login did not bring`, async () => {
    const { container } = renderInRefine(<EntityListPage entity={memberEntity} pageSize={ROWS} />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(ROWS), { timeout: 60_000 });
    let edits = 0;
    let disabledDeletes = 0;
    for (const row of rowsOf(container)) {
      edits += buttonsNamed(row, '编辑').filter((button) => !button.disabled).length;
      disabledDeletes += buttonsNamed(row, '删除').filter((button) => button.disabled).length;
    }
    expect(edits).toBe(ROWS);
    expect(disabledDeletes).toBe(ROWS);
    // Let any late effect fire before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const urls = server.calls.map((call) => call.url ?? '');
    // Levels and groups are table dictionaries (and the test login carries few system ones): one lookup each, never one per row.
    expect([...urls].sort()).toEqual(['/cust/custMember/list', '/sys/dict/getDictItems/cust_group', '/sys/dict/getDictItems/cust_level', '/sys/dict/getDictItems/member_terminal']);
    expect(urls.some((url) => /permission|auth/i.test(url))).toBe(false);
  }, 120_000);
});
