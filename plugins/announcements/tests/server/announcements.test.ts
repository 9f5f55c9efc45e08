/** Announcements: admin-only administration, release to exactly its recipients' sockets, read state per caller. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementsByUser, MyAnnouncement } from '../../../../src/contracts/announcements';
import type { PageResult } from '../../../../src/contracts/envelope';
import type { LoginResult } from '../../../../src/contracts/session';
import { sanitizeRichText } from '../../../../server/http/rich-text';
import { call, startWithDemoSessions, type TestServer } from '../../../../tests/server/helpers';
import { openSocket, settle, type TestSocket } from '../../../../tests/server/socket-clients';

const HOSTILE = [
  '<p>hello</p>',
  '<script>window.pwned = 1</script>',
  '<img src="x" onerror="window.pwned = 1">',
  '<a href="javascript:window.pwned=1">click</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">d</div>',
  '<svg><script>alert(1)</script></svg>',
].join('');

describe('server-side sanitiser', () => {
  it('keeps text and safe markup, drops scripts, handlers and script URLs', () => {
    const clean = sanitizeRichText(HOSTILE);
    expect(clean).toContain('<p>hello</p>');
    expect(clean).toContain('<img src="x" />');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'JaVaScRiPt', '<iframe', 'style=', '<svg', 'pwned']) expect(clean).not.toContain(bad);
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">ok</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });
});

let server: TestServer;
let base: string;
let admin: LoginResult;
let clerk: LoginResult;
const API = '/api/sys/annountCement';

beforeAll(async () => {
  ({ server, admin, clerk, wsBase: base } = await startWithDemoSessions({ listen: true }));
});
afterAll(async () => server.close());

const isCmd = (msgId: string) => (frame: unknown) => typeof frame === 'object' && frame !== null && (frame as { msgId?: unknown }).msgId === msgId;
const byUser = async (token: string) => (await call<AnnouncementsByUser>(server.app, 'GET', `${API}/listByUser?pageSize=5`, { token })).body.result;

async function create(body: Record<string, unknown>): Promise<Announcement> {
  const response = await call<Announcement>(server.app, 'POST', `${API}/add`, {
    token: admin.token,
    body: { priority: 'M', msgCategory: '1', msgType: 'ALL', msgContent: '<p>x</p>', ...body },
  });
  expect(response.body.success, response.body.message).toBe(true);
  return response.body.result;
}

describe('announcements', () => {
  it('seeds two released announcements to all users and one to admin only', async () => {
    const mine = await byUser(admin.token);
    expect(mine.anntMsgTotal).toBe(2);
    expect(mine.sysMsgTotal).toBe(1);
    const theirs = await byUser(clerk.token);
    expect(theirs.anntMsgTotal).toBe(1);
    expect(theirs.sysMsgTotal).toBe(1);
    expect(theirs.anntMsgList[0]?.titile).toBe('系统升级通知');
  });

  it('refuses the administration routes to the clerk (403) and to anonymous callers (401)', async () => {
    const id = (await byUser(admin.token)).anntMsgList[0]?.id ?? '';
    for (const [method, url] of [
      ['GET', `${API}/list`],
      ['GET', `${API}/queryById?id=${id}`],
      ['POST', `${API}/add`],
      ['PUT', `${API}/edit`],
      ['DELETE', `${API}/delete?id=${id}`],
      ['DELETE', `${API}/deleteBatch?ids=${id}`],
      ['GET', `${API}/doReleaseData?id=${id}`],
      ['GET', `${API}/doReovkeData?id=${id}`],
    ] as const) {
      expect((await call(server.app, method, url, { token: clerk.token, body: method === 'POST' || method === 'PUT' ? { titile: 'x' } : undefined })).status, url).toBe(403);
      expect((await call(server.app, method, url)).status, url).toBe(401);
    }
  });

  it('stores sanitised HTML and checks recipients and open targets', async () => {
    const saved = await create({ titile: 'hostile', msgContent: HOSTILE });
    const stored = (await call<Announcement>(server.app, 'GET', `${API}/queryById?id=${saved.id}`, { token: admin.token })).body.result;
    expect(stored.msgContent).toContain('<p>hello</p>');
    expect(stored.msgContent).not.toMatch(/script|onerror|javascript:/i);
    expect(stored.sendStatus).toBe('0');
    expect(stored.sender).toBe('admin');
    const bad = [
      { msgType: 'SOME' },
      { msgType: 'USER', userIds: 'nobody' },
      { openType: 'url', openPage: 'javascript:alert(1)' },
      { openType: 'url', openPage: 'https://evil.example' },
      { openType: 'popup', openPage: '/x' },
    ];
    for (const extra of bad) {
      const response = await call(server.app, 'POST', `${API}/add`, { token: admin.token, body: { titile: 't', priority: 'L', msgCategory: '1', msgType: 'ALL', ...extra } });
      expect(response.body.success, JSON.stringify(extra)).toBe(false);
    }
  });

  it('a release to chosen users reaches exactly their sockets and bells; revoke takes it back', async () => {
    const clerkTab = await openSocket(`${base}/websocket/${clerk.userInfo.id}`, clerk.token);
    const adminTab = await openSocket(`${base}/websocket/${admin.userInfo.id}`, admin.token);
    const annt = await create({ titile: '给店员的通知', msgType: 'USER', userIds: clerk.userInfo.id, openType: 'url', openPage: '/dashboard/analysis' });
    const released = await call(server.app, 'GET', `${API}/doReleaseData?id=${annt.id}`, { token: admin.token });
    expect(released.body.message).toBe('该系统通知发布成功');
    expect(await clerkTab.next(isCmd(annt.id))).toEqual({ cmd: 'user', msgId: annt.id, msgTxt: '给店员的通知', userId: clerk.userInfo.id });
    await settle();
    expect(adminTab.frames.some(isCmd(annt.id))).toBe(false);
    expect((await byUser(clerk.token)).anntMsgList.map((a) => a.id)).toContain(annt.id);
    expect((await byUser(admin.token)).anntMsgList.map((a) => a.id)).not.toContain(annt.id);
    expect((await call(server.app, 'GET', `${API}/doReleaseData?id=${annt.id}`, { token: admin.token })).body.success).toBe(false);

    const revoked = await call(server.app, 'GET', `${API}/doReovkeData?id=${annt.id}`, { token: admin.token });
    expect(revoked.body.message).toBe('该系统通知撤销成功');
    expect((await byUser(clerk.token)).anntMsgList.map((a) => a.id)).not.toContain(annt.id);
    clerkTab.close();
    adminTab.close();
  });

  it('a release to all users reaches every connected user as a topic', async () => {
    const clerkTab = await openSocket(`${base}/websocket/${clerk.userInfo.id}`, clerk.token);
    const adminTab = await openSocket(`${base}/websocket/${admin.userInfo.id}`, admin.token);
    const annt = await create({ titile: '全员通知', msgCategory: '2' });
    await call(server.app, 'GET', `${API}/doReleaseData?id=${annt.id}`, { token: admin.token });
    expect(await clerkTab.next(isCmd(annt.id))).toEqual({ cmd: 'topic', msgId: annt.id, msgTxt: '全员通知' });
    await adminTab.next(isCmd(annt.id));
    expect((await byUser(clerk.token)).sysMsgList.map((a) => a.id)).toContain(annt.id);
    clerkTab.close();
    adminTab.close();
  });

  it('marks read for the caller only; readAll clears only the caller; my list filters by read state', async () => {
    const annt = await create({ titile: '阅读测试', priority: 'H' });
    await call(server.app, 'GET', `${API}/doReleaseData?id=${annt.id}`, { token: admin.token });
    const before = (await byUser(admin.token)).anntMsgTotal;
    const put = await call(server.app, 'PUT', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: clerk.token, body: { anntId: annt.id } });
    expect(put.body.success).toBe(true);
    expect((await byUser(clerk.token)).anntMsgList.map((a) => a.id)).not.toContain(annt.id);
    expect((await byUser(admin.token)).anntMsgTotal).toBe(before);

    const mine = async (query: string) =>
      (await call<PageResult<MyAnnouncement>>(server.app, 'GET', `/api/sys/sysAnnouncementSend/getMyAnnouncementSend?${query}`, { token: clerk.token })).body.result;
    const read = await mine('readFlag=1');
    expect(read.records.map((r) => r.anntId)).toContain(annt.id);
    expect(read.records.every((r) => r.readFlag === '1')).toBe(true);
    expect((await mine('titile=*阅读*&priority=H')).records.map((r) => r.anntId)).toEqual([annt.id]);
    expect((await mine('titile=%25')).total).toBe(0);

    await call(server.app, 'PUT', '/api/sys/sysAnnouncementSend/readAll', { token: clerk.token });
    expect((await byUser(clerk.token)).anntMsgTotal).toBe(0);
    expect((await mine('readFlag=0')).total).toBe(0);
    expect((await byUser(admin.token)).anntMsgTotal).toBe(before);
  });

  it('publishes saved rows to the live list subscribers with the list permission only', async () => {
    const subscribe = (tab: TestSocket) => tab.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey: '/sys/annountCement' } }));
    const adminPage = await openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-admin`, admin.token);
    const clerkPage = await openSocket(`${base}/vxeSocket/${clerk.userInfo.id}/page-clerk`, clerk.token);
    subscribe(adminPage);
    subscribe(clerkPage);
    await settle(200);
    const annt = await create({ titile: 'live row' });
    const edited = await call<Announcement>(server.app, 'PUT', `${API}/edit`, { token: admin.token, body: { id: annt.id, titile: 'live row edited' } });
    expect(edited.body.success).toBe(true);
    const frame = (await adminPage.next((f) => JSON.stringify(f).includes('live row edited'))) as { data: { args: [Record<string, unknown>, string] } };
    expect(frame.data.args[0]).toMatchObject({ id: annt.id, titile: 'live row edited' });
    await call(server.app, 'DELETE', `${API}/delete?id=${annt.id}`, { token: admin.token });
    await adminPage.next((f) => JSON.stringify(f).includes('"delFlag":1'));
    await settle();
    expect(clerkPage.frames).toEqual([]);
    adminPage.close();
    clerkPage.close();
  });
});
