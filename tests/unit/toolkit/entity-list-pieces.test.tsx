/**
 * The list pieces in jsdom against a mocked server: a dialog kept in the URL checks the permission
 * before it opens; 查询 with unchanged filters asks again; batch delete goes through Refine and the
 * list refetches itself; status tabs count with one small request each; an import shows its progress
 * result (imported / skipped / first errors).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import MemberListPage from '../../../plugins/customers/pages/member-list';
import { EntityListPage, readImportOutcome, resourceOf } from '../../../src/toolkit/crud';
import { importErrorsCsv } from '../../../src/toolkit/crud/excel-import';
import { importProgressView, laterProgress, newImportId, readImportProgress } from '../../../src/toolkit/crud/import-progress';
import { IMPORT_ID_PATTERN } from '../../../src/contracts/live';
import { CLERK_AUTH, MEMBER_ALL_AUTH, entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const ROWS = [
  { id: 'm1', memberNo: 'M1', memberName: '甲', balance: 1959.5, status: '1', status_dictText: '有效' },
  { id: 'm2', memberNo: 'M2', memberName: '乙', balance: 672.21, status: '0', status_dictText: '无效' },
];

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.search}</span>;
}

let server: MockServer;
const listCalls = () => server.calls.filter((call) => call.url === '/cust/custMember/list');
const paramsOf = (call: InternalAxiosRequestConfig) => (call.params ?? {}) as Record<string, unknown>;
const rowsOf = (container: HTMLElement) => container.querySelectorAll('.ant-table-tbody tr.ant-table-row');
const buttonNamed = (text: string) => [...document.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === text);
const LONG = { timeout: 20_000 };

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  server = mockServer((config) => {
    if (config.url === '/cust/custMember/deleteBatch') return { status: 200, data: ok(null, '批量删除成功!') };
    if (config.url === '/cust/custMember/delete') return { status: 200, data: ok(null, '删除成功!') };
    const size = Number(paramsOf(config).pageSize ?? 10);
    return { status: 200, data: ok({ records: size === 1 ? ROWS.slice(0, 1) : ROWS, total: paramsOf(config).status === '0' ? 1 : 2 }) };
  });
});

describe('a dialog kept in the URL', () => {
  it('is refused with a message and its key stripped when the user lacks the code (clerk, ?create=1)', async () => {
    const { container } = renderInRefine(
      <>
        <MemberListPage />
        <LocationProbe />
      </>,
      [resourceOf(memberEntity)],
      '/cust/custMemberList?create=1&keep=1',
    );
    expect(await screen.findByText('没有权限，无法打开该对话框', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?keep=1'));
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) #form_memberNo')).toBeNull();
  }, 60_000);
});

describe('the list', () => {
  it('asks the server again on 查询 with unchanged filters, and shows money as ¥ with separators and two decimals', async () => {
    const { container } = renderInRefine(<MemberListPage />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    expect(screen.getByText('¥1,959.50')).toBeTruthy();
    expect(screen.getByText('¥672.21')).toBeTruthy();
    const before = listCalls().length;
    fireEvent.click(buttonNamed('查询') as HTMLButtonElement);
    await waitFor(() => expect(listCalls().length).toBe(before + 1), LONG);
    fireEvent.click(buttonNamed('查询') as HTMLButtonElement);
    await waitFor(() => expect(listCalls().length).toBe(before + 2), LONG);
  }, 60_000);

  it('deletes the selected rows in one batch through Refine, and the list refetches itself', async () => {
    const allAuth = [...MEMBER_ALL_AUTH];
    signInClerk([...CLERK_AUTH, entry('cust:member:deleteBatch', '1')], allAuth);
    const { container } = renderInRefine(<MemberListPage />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    const before = listCalls().length;
    fireEvent.click(container.querySelector('.ant-table-thead .ant-checkbox-input') as Element);
    fireEvent.click(await waitFor(() => buttonNamed('批量删除') as HTMLButtonElement));
    fireEvent.click(await waitFor(() => document.querySelector('.ant-popover .ant-btn-primary') as HTMLButtonElement));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/cust/custMember/deleteBatch')).toBe(true), LONG);
    const batch = server.calls.find((call) => call.url === '/cust/custMember/deleteBatch');
    expect(batch?.method).toBe('delete');
    expect(paramsOf(batch as InternalAxiosRequestConfig).ids).toBe('m1,m2');
    expect(await screen.findByText('批量删除成功!', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before), LONG);
  }, 60_000);

  it('asks beforeAction before a row is deleted (after its confirmation): false stops it, true lets it go', async () => {
    signInClerk([...CLERK_AUTH, entry('cust:member:delete', '2')], [...MEMBER_ALL_AUTH]);
    const asked: Array<[string, unknown]> = [];
    let allow = false;
    const beforeAction = async (action: string, record?: { id?: string | number }) => {
      asked.push([action, record?.id]);
      return allow;
    };
    const { container } = renderInRefine(<EntityListPage entity={memberEntity} beforeAction={beforeAction} />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    const deleteFirstRow = async () => {
      const row = rowsOf(container)[0] as HTMLElement;
      fireEvent.click([...row.querySelectorAll('a, button')].find((element) => element.textContent?.replace(/\s/g, '') === '删除') as HTMLElement);
      const confirm = await waitFor(() => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover:not(.ant-popover-hidden) .ant-btn-primary')].pop();
        if (button === undefined) throw new Error('no confirmation yet');
        return button;
      }, LONG);
      fireEvent.click(confirm);
    };
    await deleteFirstRow();
    await waitFor(() => expect(asked).toEqual([['delete', 'm1']]), LONG);
    expect(server.calls.some((call) => call.url === '/cust/custMember/delete')).toBe(false);
    allow = true;
    await deleteFirstRow();
    await waitFor(() => expect(server.calls.some((call) => call.url === '/cust/custMember/delete')).toBe(true), LONG);
    expect(asked).toEqual([['delete', 'm1'], ['delete', 'm1']]);
  }, 60_000);

  it('offers no search on a field the list fixes (a search there would replace the fixed value)', async () => {
    const { container } = renderInRefine(<EntityListPage entity={memberEntity} fixedValues={{ memberNo: 'M1' }} />, [resourceOf(memberEntity)]);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    expect(container.querySelector('#search_memberNo')).toBeNull();
    // The next search field moves up into the collapsed form.
    expect(container.querySelector('#search_memberName')).not.toBeNull();
    expect(listCalls().every((call) => paramsOf(call).memberNo === 'M1')).toBe(true);
  }, 60_000);

  it('shows status tabs with counts (one page-size-1 request per tab) and filters by the active tab', async () => {
    const tabs = [
      { key: 'all', label: 'crud:all', filters: [] },
      { key: 'invalid', label: '无效', filters: [{ field: 'status', operator: 'eq' as const, value: '0' }] },
    ];
    const { container } = renderInRefine(<EntityListPage entity={memberEntity} statusTabs={tabs} />, [resourceOf(memberEntity)], '/cust/custMemberList?tab=invalid');
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    await waitFor(() => expect(listCalls().filter((call) => paramsOf(call).pageSize === 1)).toHaveLength(2), LONG);
    // The table's own request carries the active tab's filter.
    expect(listCalls().some((call) => paramsOf(call).pageSize === 10 && paramsOf(call).status === '0')).toBe(true);
    await waitFor(() => expect([...container.querySelectorAll('.crud-status-tabs .ant-tabs-tab')].map((tab) => tab.textContent)).toEqual(['全部2', '无效1']), LONG);
  }, 60_000);
});

describe('the import result', () => {
  it('reads imported / skipped / errors, and the older failed count', () => {
    expect(readImportOutcome({ imported: 3, skipped: 1, errors: [{ row: 4, message: '第4行：会员编号已存在' }], readOnlyColumns: ['积分'] })).toEqual({
      imported: 3,
      skipped: 1,
      errors: [{ row: 4, message: '第4行：会员编号已存在' }],
      readOnlyColumns: ['积分'],
    });
    expect(readImportOutcome({ total: 5, imported: 4, failed: 1, errors: [] })).toEqual({ imported: 4, skipped: 1, errors: [], readOnlyColumns: [] });
    expect(readImportOutcome(null)).toBeNull();
  });

  it('gives every reason as a CSV that Excel reads as UTF-8, quotes doubled', async () => {
    const csv = importErrorsCsv(
      [
        { row: 5, message: '第5行：会员编号：该值不可用，系统中已存在！' },
        { row: 9, message: '第9行：备注含有"引号"' },
      ],
      ['行号', '原因'],
    );
    expect(csv.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('"行号","原因"\r\n5,"第5行：会员编号：该值不可用，系统中已存在！"\r\n9,"第9行：备注含有""引号"""\r\n');
  });

  it('shows the upload until the server speaks, then reading, then 正在导入 n / total 行 as a percent that never goes back', () => {
    expect(importProgressView(40, null)).toEqual({ kind: 'uploading', percent: 40 });
    expect(importProgressView(100, { phase: 'reading', done: 0, total: 0 })).toEqual({ kind: 'reading', percent: 0 });
    expect(importProgressView(100, { phase: 'importing', done: 0, total: 300 })).toEqual({ kind: 'rows', percent: 0, done: 0, total: 300 });
    expect(importProgressView(100, { phase: 'importing', done: 200, total: 300 })).toEqual({ kind: 'rows', percent: 66, done: 200, total: 300 });
    expect(importProgressView(100, { phase: 'done', done: 300, total: 300 })).toEqual({ kind: 'rows', percent: 100, done: 300, total: 300 });
    // A frame that arrives late (another instance relayed it) never moves the bar back.
    const at200 = { phase: 'importing', done: 200, total: 300 } as const;
    expect(laterProgress(at200, { phase: 'importing', done: 100, total: 300 })).toBe(at200);
    expect(laterProgress(at200, { phase: 'reading', done: 0, total: 0 })).toBe(at200);
    expect(laterProgress(at200, { phase: 'done', done: 300, total: 300 })).toEqual({ phase: 'done', done: 300, total: 300 });
    expect(laterProgress(null, at200)).toBe(at200);
  });

  it('reads a progress frame only when it is one, and makes ids the server accepts', () => {
    expect(readImportProgress([{ phase: 'importing', done: 5, total: 10 }])).toEqual({ phase: 'importing', done: 5, total: 10 });
    expect(readImportProgress([{ phase: 'importing', done: 11, total: 10 }])).toBeNull();
    expect(readImportProgress([{ phase: 'paused', done: 1, total: 10 }])).toBeNull();
    expect(readImportProgress([{ phase: 'done', done: -1, total: 10 }])).toBeNull();
    expect(readImportProgress([{ phase: 'done', done: '3', total: 10 }])).toBeNull();
    expect(readImportProgress([])).toBeNull();
    expect(readImportProgress(['importing'])).toBeNull();
    expect(newImportId()).toMatch(IMPORT_ID_PATTERN);
    expect(newImportId()).not.toBe(newImportId());
  });
});
