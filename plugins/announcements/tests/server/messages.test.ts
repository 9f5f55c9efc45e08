/** Messages: templates (checked, sanitised), 发送测试 as a 系统消息 to users ∪ role members, 消息记录 with read counts. */
import { describe, expect, it } from 'vitest';
import type { AnnouncementsByUser, MyAnnouncement } from '../../../../src/contracts/announcements';
import type { PageResult } from '../../../../src/contracts/envelope';
import type { LoginResult } from '../../../../src/contracts/session';
import { call, login, useDemoServer } from '../../../../tests/server/helpers';
import { openSocket } from '../../../../tests/server/socket-clients';
import type { MessageRecipient, MessageRecord, MessageTemplateRecord } from '../../entities';

const demo = useDemoServer({ listen: true });
const TEMPLATES = '/api/sys/message/sysMessageTemplate';
const RECORDS = '/api/sys/message/sysMessage';
let serial = 0;
const unique = (prefix: string) => `${prefix}_${Date.now()}_${++serial}`;

async function addTemplate(body: Record<string, unknown>) {
  return call<MessageTemplateRecord>(demo.app, 'POST', `${TEMPLATES}/add`, {
    token: demo.admin,
    body: { templateName: '测试模板', templateType: '1', templateContent: '内容', ...body },
  });
}

async function send(body: Record<string, unknown>, token = demo.admin) {
  return call<{ id: string; anntId: string; receiverCount: number }>(demo.app, 'POST', `${TEMPLATES}/sendMsg`, { token, body });
}

async function addRole(): Promise<string> {
  const code = unique('role');
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleName: code, roleCode: code } });
  expect(added.body.success, added.body.message).toBe(true);
  return added.body.result.id;
}

async function addUser(roleIds: string[] = []): Promise<{ id: string; username: string }> {
  const username = unique('u');
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/user/add', {
    token: demo.admin,
    body: { username, realname: `用户${serial}`, password: 'Secret123', confirmpassword: 'Secret123', selectedroles: roleIds.join(',') },
  });
  expect(added.body.success, added.body.message).toBe(true);
  return { id: added.body.result.id, username };
}

const byUser = async (session: LoginResult) =>
  (await call<AnnouncementsByUser>(demo.app, 'GET', '/api/sys/annountCement/listByUser?pageSize=50', { token: session.token })).body.result;

async function recordOf(id: string): Promise<MessageRecord | undefined> {
  const page = await call<PageResult<MessageRecord>>(demo.app, 'GET', `${RECORDS}/list?pageSize=100`, { token: demo.admin });
  expect(page.body.success, page.body.message).toBe(true);
  return page.body.result.records.find((record) => record.id === id);
}

describe('message templates', () => {
  it('seeds the two demo templates in the shop (tenant 1); each tenant sees its own', async () => {
    const codes = async (headers: Record<string, string>) =>
      (await call<PageResult<MessageTemplateRecord>>(demo.app, 'GET', `${TEMPLATES}/list?pageSize=50`, { token: demo.admin, headers })).body.result.records.map((record) => record.templateCode);
    const elsewhere = unique('t0');
    expect((await addTemplate({ templateCode: elsewhere })).body.success).toBe(true);
    const shop = await codes({ 'tenant-id': '1' });
    expect(shop).toEqual(expect.arrayContaining(['order_shipped', 'password_changed']));
    expect(shop).not.toContain(elsewhere);
    expect(await codes({})).not.toContain('order_shipped');
  });

  it('checks the code (characters, unique), the type and the test data; sanitises rich content', async () => {
    const code = unique('tpl');
    expect((await addTemplate({ templateCode: code })).body.success).toBe(true);
    const duplicate = await addTemplate({ templateCode: code });
    expect(duplicate.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await addTemplate({ templateCode: 'bad-code!' })).body.message).toBe('模板编码只能包含字母、数字和下划线');
    expect((await addTemplate({ templateCode: unique('t'), templateType: '3' })).body.success).toBe(false);
    for (const bad of ['{not json', '[1,2]', '{"a": 1}', '"text"']) {
      const refused = await addTemplate({ templateCode: unique('t'), templateTestJson: bad });
      expect(refused.body.message, bad).toBe('测试数据必须是JSON对象，且每个值都是文本');
    }
    const rich = await addTemplate({ templateCode: unique('rich'), templateType: '2', templateContent: '<p>${x}</p><script>alert(1)</script><img src="x" onerror="alert(1)">' });
    expect(rich.body.success, rich.body.message).toBe(true);
    const stored = await call<MessageTemplateRecord>(demo.app, 'GET', `${TEMPLATES}/queryById?id=${rich.body.result.id}`, { token: demo.admin });
    expect(stored.body.result.templateContent).toBe('<p>${x}</p><img src="x" />');
    // An edit that keeps the rich type sanitises the new content too.
    const edited = await call<MessageTemplateRecord>(demo.app, 'PUT', `${TEMPLATES}/edit`, { token: demo.admin, body: { id: rich.body.result.id, templateContent: '<b>${x}</b><script>x</script>' } });
    expect(edited.body.result.templateContent).toBe('<b>${x}</b>');
  });

  it('refuses the clerk (403) on every template and record route', async () => {
    for (const [method, url] of [
      ['GET', `${TEMPLATES}/list`],
      ['POST', `${TEMPLATES}/add`],
      ['PUT', `${TEMPLATES}/edit`],
      ['DELETE', `${TEMPLATES}/delete?id=x`],
      ['POST', `${TEMPLATES}/sendMsg`],
      ['GET', `${RECORDS}/list`],
      ['GET', `${RECORDS}/recipients?id=x`],
    ] as const) {
      const response = await call(demo.app, method, url, { token: demo.clerk, body: method === 'POST' || method === 'PUT' ? { templateCode: 'order_shipped' } : undefined });
      expect(response.status, url).toBe(403);
    }
  });
});

describe('sending', () => {
  it('renders the placeholders as text, refuses a missing one, reaches users ∪ role members once each', async () => {
    const roleId = await addRole();
    const [inRoleAndChosen, inRoleOnly, chosenOnly, frozen, bystander] = [await addUser([roleId]), await addUser([roleId]), await addUser(), await addUser([roleId]), await addUser()];
    const frozenCall = await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: frozen.id, status: 2 } });
    expect(frozenCall.body.success, frozenCall.body.message).toBe(true);
    const code = unique('ship');
    const template = await addTemplate({
      templateCode: code,
      templateName: '订单${orderNo}已发货',
      templateType: '2',
      templateContent: '<p>订单 <strong>${orderNo}</strong>，快递单号 ${expressNo}</p>',
      templateTestJson: '{"orderNo":"SO1","expressNo":"SF1"}',
    });
    expect(template.body.success, template.body.message).toBe(true);

    const receivers = { userIds: [inRoleAndChosen.id, chosenOnly.id, frozen.id], roleIds: [roleId] };
    const missing = await send({ templateCode: code, testData: { orderNo: 'SO9' }, receivers });
    expect(missing.body).toMatchObject({ success: false, message: '模板参数“expressNo”没有值' });
    expect((await send({ templateCode: code, testData: { orderNo: 'x'.repeat(501), expressNo: 'y' }, receivers })).body.message).toBe('模板参数“orderNo”不能超过500个字符');
    expect((await send({ templateCode: code, testData: '{bad', receivers })).body.message).toBe('测试数据必须是JSON对象，且每个值都是文本');
    expect((await send({ templateCode: 'no_such_template', testData: {}, receivers })).body.message).toBe('未找到对应的消息模板');
    expect((await send({ templateCode: code, testData: { orderNo: 'a', expressNo: 'b' }, receivers: { userIds: [frozen.id] } })).body.message).toBe('请选择接收用户');

    const socketOwner = await login(demo.app, chosenOnly.username, 'Secret123');
    const tab = await openSocket(`${demo.wsBase}/websocket/${chosenOnly.id}`, socketOwner.token);
    const sent = await send({ templateCode: code, testData: JSON.stringify({ orderNo: 'SO<b>42</b>', expressNo: '<script>alert(1)</script>' }), receivers });
    expect(sent.body).toMatchObject({ success: true, message: '消息发送成功', result: { receiverCount: 3 } });
    const { anntId, id } = sent.body.result;
    expect(await tab.next((frame) => typeof frame === 'object' && frame !== null && (frame as { msgId?: unknown }).msgId === anntId)).toMatchObject({ cmd: 'user', msgId: anntId, msgTxt: '订单SO<b>42</b>已发货' });
    tab.close();

    const recipients = await call<MessageRecipient[]>(demo.app, 'GET', `${RECORDS}/recipients?id=${id}`, { token: demo.admin });
    expect(recipients.body.result.map((row) => row.userId).sort()).toEqual([inRoleAndChosen.id, inRoleOnly.id, chosenOnly.id].sort());
    expect(recipients.body.result.every((row) => row.readFlag === '0' && row.readTime === null)).toBe(true);

    // Each receiver sees it as an unread 系统消息 with the values escaped; the others never do.
    const reader = await login(demo.app, inRoleOnly.username, 'Secret123');
    const bell = await byUser(reader);
    const message = bell.sysMsgList.find((item) => item.id === anntId);
    expect(message).toMatchObject({ titile: '订单SO<b>42</b>已发货', msgCategory: '2', msgType: 'USER', sendStatus: '1', sender: 'admin' });
    expect(message?.msgContent).toBe('<p>订单 <strong>SO&lt;b&gt;42&lt;/b&gt;</strong>，快递单号 &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect((await byUser(await login(demo.app, bystander.username, 'Secret123'))).sysMsgList.map((item) => item.id)).not.toContain(anntId);
    expect((await byUser(demo.clerkSession)).sysMsgList.map((item) => item.id)).not.toContain(anntId);

    expect(await recordOf(id)).toMatchObject({ templateCode: code, titile: '订单SO<b>42</b>已发货', sender: 'admin', receiverCount: 3, readCount: 0 });
    await call(demo.app, 'PUT', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: reader.token, body: { anntId } });
    const mine = await call<PageResult<MyAnnouncement>>(demo.app, 'GET', '/api/sys/sysAnnouncementSend/getMyAnnouncementSend?msgCategory=2', { token: reader.token });
    expect(mine.body.result.records.find((row) => row.anntId === anntId)?.readFlag).toBe('1');
    expect(await recordOf(id)).toMatchObject({ receiverCount: 3, readCount: 1 });
    const after = await call<MessageRecipient[]>(demo.app, 'GET', `${RECORDS}/recipients?id=${id}`, { token: demo.admin });
    const readRow = after.body.result.find((row) => row.userId === inRoleOnly.id);
    expect(readRow?.readFlag).toBe('1');
    expect(readRow?.readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('escapes a whole text template and keeps its lines', async () => {
    const code = unique('text');
    expect((await addTemplate({ templateCode: code, templateName: '提醒', templateContent: '${realname}，您好：\n<i>密码</i>已修改' })).body.success).toBe(true);
    const user = await addUser();
    const sent = await send({ templateCode: code, testData: { realname: '<img src=x onerror=alert(1)>' }, receivers: { userIds: user.id } });
    expect(sent.body.success, sent.body.message).toBe(true);
    const bell = await byUser(await login(demo.app, user.username, 'Secret123'));
    expect(bell.sysMsgList.find((item) => item.id === sent.body.result.anntId)?.msgContent).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;，您好：<br />&lt;i&gt;密码&lt;/i&gt;已修改</p>',
    );
  });
});
