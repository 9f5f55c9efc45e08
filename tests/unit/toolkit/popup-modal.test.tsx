/** The popup picker reads through Refine: config and query info cached 30 s, a refusal shown with 重试, 查询 always asking. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POPUP_API } from '../../../src/toolkit/popup/popup-api';
import { PopupModal } from '../../../src/toolkit/popup/popup-modal';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { fail, mockServer, ok, type MockServer } from '../providers/mock-adapter';

const CONFIG = { cgRpConfigId: 'rp1', cgRpConfigName: '会员选择', columns: [{ title: '会员名', dataIndex: 'memberName' }], dictOptions: {} };
const records = [{ id: 'm1', memberName: '张三' }];
let server: MockServer;
let refuseConfig = false;

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  refuseConfig = false;
  server = mockServer((config) => {
    const url = config.url ?? '';
    if (url.startsWith(POPUP_API.columns)) return { status: 200, data: refuseConfig ? fail('报表不存在: member_pick') : ok(CONFIG) };
    if (url.startsWith(POPUP_API.queryInfo)) return { status: 200, data: ok([]) };
    return { status: 200, data: ok({ records, total: 1 }) };
  });
});

const callsTo = (path: string) => server.calls.filter((call) => (call.url ?? '').startsWith(path));

/** A field that opens and closes the popup, as PopupField does. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <PopupModal open={open} code="member_pick" onCancel={() => setOpen(false)} onOk={() => setOpen(false)} />
    </>
  );
}

describe('popup modal reads', () => {
  it('shows a refused config with the server’s message and 重试, and loads once the retry succeeds', async () => {
    refuseConfig = true;
    renderInRefine(<PopupModal open code="member_pick" onCancel={() => undefined} onOk={() => undefined} />, [], '/');
    expect(await screen.findByText('报表不存在: member_pick')).toBeTruthy();
    expect(screen.getByText('数据加载失败')).toBeTruthy();
    expect(callsTo(POPUP_API.data)).toHaveLength(0);
    refuseConfig = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(1));
    expect(screen.queryByText('报表不存在: member_pick')).toBeNull();
    expect(callsTo(POPUP_API.columns)).toHaveLength(2);
  }, 30_000);

  it('keeps config and query info for a reopening within 30 s; 查询 with unchanged conditions asks again', async () => {
    renderInRefine(<Opener />, [], '/');
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(1));
    expect(callsTo(POPUP_API.data)[0]?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callsTo(POPUP_API.data)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row').length).toBeGreaterThan(0));
    expect(callsTo(POPUP_API.columns)).toHaveLength(1);
    expect(callsTo(POPUP_API.queryInfo)).toHaveLength(1);
  }, 30_000);
});
