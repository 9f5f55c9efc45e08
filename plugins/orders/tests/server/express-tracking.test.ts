/**
 * 物流跟踪 against a local kuaidi100 (tests/support/fakes/kuaidi100-fake.ts): a shipped order is subscribed with our
 * callback and the shop's salt, signed pushes are stored once (a replay adds nothing, a forged one is refused), a refused
 * subscription is retried when its time comes, 签收 completes the order only when the shop allows it, 刷新 queries with
 * kuaidi100's sign; and the demo service tells a past shipment's journey. The shop runs in Tokyo here, an hour from
 * Beijing, so a carrier's time read in the wrong zone shows.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, startWithDemoSessions, useDemoServer, type DemoServer } from '../../../../tests/server/helpers';
import { startKuaidi100Fake, type Kuaidi100Fake } from '../../../../tests/support/fakes/kuaidi100-fake';
import type { OrderRecord } from '../../entities';
import { EXPRESS_TRACK_API, expressTrackingOf, kickExpressTracking, MSG_RECEIVED_BY_TRACKING, type TrackView } from '../../server/express-tracking';
import { ExpressChannelFailure, MSG_KUAIDI100_TIMEOUT, MSG_PUSH_BAD_SIGN, MSG_TRACK_REFRESHED } from '../../server/express-tracking/contract';
import { Kuaidi100Adapter } from '../../server/express-tracking/kuaidi100';
import { expressSettingsOf } from '../../server/express-tracking/settings';
import { createOrder, orderStatus, shopper, stockedSku, T1 } from './order-helpers';

const SHOP_ZONE = 'Asia/Tokyo';
const PUBLIC_BASE_URL = 'https://shop.example.com';
const NOTIFY_URL = `${PUBLIC_BASE_URL}/api/express/notify/kuaidi100`;

let fake: Kuaidi100Fake;
const env: Record<string, string> = { SHOP_TIME_ZONE: SHOP_ZONE, SCHEDULER: 'off', PUBLIC_BASE_URL };
// Registered before the server's own beforeAll: the server starts with the fake's variables.
beforeAll(async () => {
  fake = await startKuaidi100Fake({ key: 'kd100-test-key-7f3a', customer: 'C0FFEE0000TEST' });
  Object.assign(env, fake.env());
});
const demo = useDemoServer({ listen: true, env });
beforeAll(() => {
  // The shop's public origin stands in front of the test server: pushes reach it at its listening port.
  fake.callbackOrigin = demo.wsBase.replace(/^ws:/, 'http:').replace(/\/api$/, '');
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  delete process.env.ORDER_RECEIVE_ON_SIGNED;
});

const admin = () => ({ token: demo.admin, headers: T1 });
const tracking = () => expressTrackingOf(demo.app.services);

/** Waits for what 发货 started in the background: the order's track subscribed (or refused) at least once. */
async function subscriptionTried(server: DemoServer, id: string): Promise<void> {
  await expect.poll(async () => (await readTrack(server, id)).track?.subscribeAttempts ?? 0).toBeGreaterThanOrEqual(1);
}

/** A paid order shipped by 发货 (SF unless another company's code is given); 发货 starts its subscription at once. */
async function shipped(server: DemoServer, mobile: string, logisticsNo: string, companyCode = 'SF'): Promise<string> {
  const buyer = await shopper(server, mobile);
  const sku = await stockedSku(server, 0, '10.00', 1000);
  const created = await createOrder(server, buyer, [{ skuId: sku, count: 1 }]);
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const id = created.body.result.id;
  const paid = await call(server.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  const company = await sql<{ id: string }>`select id from sale_express where tenant_id = 1 and code = ${companyCode}`.execute(server.app.db);
  const delivered = await call(server.app, 'POST', '/api/saleorder/saleOrder/deliver', { token: server.admin, headers: T1, body: { id, expressId: company.rows[0]?.id ?? '', logisticsNo } });
  expect(delivered.body.success, JSON.stringify(delivered.body)).toBe(true);
  return id;
}

async function readTrack(server: DemoServer, id: string): Promise<TrackView> {
  const read = await call<TrackView>(server.app, 'GET', `/api${EXPRESS_TRACK_API.read}?id=${id}`, { token: server.admin, headers: T1 });
  expect(read.body.success, JSON.stringify(read.body)).toBe(true);
  return read.body.result;
}

async function postPush(body: string) {
  const response = await demo.app.inject({ method: 'POST', url: '/api/express/notify/kuaidi100', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
  return { status: response.statusCode, answer: response.json<Record<string, unknown>>() };
}

async function eventCount(orderId: string): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from sale_express_track_event e join sale_express_track t on t.id = e.track_id where t.order_id = ${orderId}`.execute(demo.app.db);
  return found.rows[0]?.n ?? -1;
}

const subscriptionOf = (number: string) => fake.subscriptions.filter((subscription) => subscription.number === number);

describe('物流跟踪 through kuaidi100', () => {
  it('subscribes a shipped order with our callback and the shop’s salt, and stores a signed push in the shop’s clock', async () => {
    const id = await shipped(demo, '13900003501', 'SF3500000001');
    // Subscribed right after 发货 (plugins/orders/server/shipping/after-shipping.ts), not at the job's next minute.
    await subscriptionTried(demo, id);
    expect((await kickExpressTracking({ services: demo.app.services }))?.subscribed).toBe(0);

    const [subscription] = subscriptionOf('SF3500000001');
    expect(subscription).toMatchObject({ company: 'shunfeng', key: fake.key, callbackurl: NOTIFY_URL, phone: '13900003501', resultv2: '1', status: 'polling' });
    const salt = subscription?.salt ?? '';
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(salt).not.toBe(fake.key);
    // The salt is derived, never kept: no column of the track holds it.
    const stored = await sql<{ row: string }>`select row_to_json(t)::text as row from sale_express_track t where order_id = ${id}`.execute(demo.app.db);
    expect(stored.rows[0]?.row).toContain('SF3500000001');
    expect(stored.rows[0]?.row).not.toContain(salt);

    const before = await readTrack(demo, id);
    expect(before).toMatchObject({ mode: 'kuaidi100', track: { com: 'shunfeng', logisticsNo: 'SF3500000001', subscribeState: '1', subscribeAttempts: 1, subscribeReason: null, state: null }, events: [] });

    // Beijing wall-clock times from the carrier; the shop (Tokyo) reads them an hour later.
    const push = await fake.advance(
      'SF3500000001',
      [
        { time: '2026-03-01 09:15:00', context: '【深圳市】顺丰速运 已收取快件', areaName: '广东省深圳市', status: '揽收' },
        { time: '2026-03-01 23:40:00', context: '快件到达【深圳宝安中转场】', areaName: '广东省深圳市', status: '在途' },
      ],
      { state: '0' },
    );
    expect(push?.status).toBe(200);
    expect(JSON.parse(push?.answer ?? '{}')).toMatchObject({ result: true, returnCode: '200', message: '成功' });

    const after = await readTrack(demo, id);
    expect(after.track).toMatchObject({ state: '0', signedTime: null });
    expect(after.events).toEqual([
      { time: '2026-03-02 00:40:00', context: '快件到达【深圳宝安中转场】', location: '广东省深圳市', status: '在途' },
      { time: '2026-03-01 10:15:00', context: '【深圳市】顺丰速运 已收取快件', location: '广东省深圳市', status: '揽收' },
    ]);
    const instants = await sql<{ at: string }>`select to_char(e.event_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at from sale_express_track_event e
      join sale_express_track t on t.id = e.track_id where t.order_id = ${id} order by e.event_time`.execute(demo.app.db);
    expect(instants.rows.map((row) => row.at)).toEqual(['2026-03-01 01:15:00', '2026-03-01 15:40:00']);
  });

  it('adds nothing for a replayed push, acknowledges an unknown waybill without writing, and refuses a bad sign with a log line', async () => {
    const id = (await sql<{ order_id: string }>`select order_id from sale_express_track where logistics_no = 'SF3500000001'`.execute(demo.app.db)).rows[0]?.order_id ?? '';
    expect(await eventCount(id)).toBe(2);
    const last = fake.pushes.at(-1);
    if (last === undefined) throw new Error('no push sent');

    const replay = await postPush(last.body);
    expect(replay).toEqual({ status: 200, answer: { result: true, returnCode: '200', message: '成功', success: true } });
    expect(await eventCount(id)).toBe(2);
    // The same history pushed again by the service (its next push repeats every event) adds only what is new.
    await fake.advance('SF3500000001', [{ time: '2026-03-02 08:05:00', context: '快件已到达【北京顺义集散中心】', areaName: '北京市', status: '在途' }]);
    expect(await eventCount(id)).toBe(3);

    const tracksBefore = await sql<{ n: number }>`select count(*)::int as n from sale_express_track_event`.execute(demo.app.db);
    const unknown = await postPush(fake.pushBody('YT9999999999', 'whatever-salt'));
    expect(unknown.answer).toMatchObject({ result: true, returnCode: '200' });
    const tracksAfter = await sql<{ n: number }>`select count(*)::int as n from sale_express_track_event`.execute(demo.app.db);
    expect(tracksAfter.rows[0]?.n).toBe(tracksBefore.rows[0]?.n);

    // Signed with another salt, and a true sign over a changed param: both refused, nothing stored.
    await fake.advance('SF3500000001', [{ time: '2026-03-02 10:00:00', context: '伪造的派件', status: '派件' }], { state: '5', push: false });
    const forged = await postPush(fake.pushBody('SF3500000001', 'not-the-shops-salt'));
    expect(forged).toEqual({ status: 200, answer: { result: false, returnCode: '500', message: MSG_PUSH_BAD_SIGN, success: false } });
    const genuine = new URLSearchParams(fake.pushBody('SF3500000001'));
    const tampered = new URLSearchParams({ param: (genuine.get('param') ?? '').replace('伪造的派件', '已签收'), sign: genuine.get('sign') ?? '' });
    expect((await postPush(tampered.toString())).answer).toMatchObject({ result: false, returnCode: '500' });
    expect(await eventCount(id)).toBe(3);
    // Only a form is read: the same fields as JSON are not a push.
    const json = await demo.app.inject({ method: 'POST', url: '/api/express/notify/kuaidi100', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(Object.fromEntries(genuine)) });
    expect(json.statusCode).toBe(415);
    expect(demo.server.logs.filter((line) => line === 'express push refused: bad sign for waybill SF3500000001')).toHaveLength(2);
    expect((await readTrack(demo, id)).track?.state).toBe('0');
  });

  it('retries a refused subscription when its time comes, through the scheduled job', async () => {
    fake.failSubscribe('700', '订阅参数错误');
    const id = await shipped(demo, '13900003502', 'YT3500000002', 'YTO');
    await subscriptionTried(demo, id);
    const refused = await readTrack(demo, id);
    expect(refused.track).toMatchObject({ com: 'yuantong', subscribeState: '2', subscribeReason: '快递100 订阅失败：订阅参数错误（700）', subscribeAttempts: 1 });
    // The next attempt a minute on (the shop's clock): not yet due, so a pass now leaves it alone.
    const next = await sql<{ seconds: number }>`select extract(epoch from next_attempt_time - now())::int as seconds from sale_express_track where order_id = ${id}`.execute(demo.app.db);
    expect(next.rows[0]?.seconds).toBeGreaterThan(50);
    expect(next.rows[0]?.seconds).toBeLessThanOrEqual(60);
    expect(await tracking().pass()).toMatchObject({ subscribed: 0, failed: 0 });
    expect(subscriptionOf('YT3500000002')).toHaveLength(0);

    // The minute passes; the scheduler's 执行一次 runs the job.
    await sql`update sale_express_track set next_attempt_time = now() - interval '1 second' where order_id = ${id}`.execute(demo.app.db);
    const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = 'orders.expressTrack'`.execute(demo.app.db);
    const run = await call<{ status: string; message: string }>(demo.app, 'GET', `/api/sys/quartzJob/execute?id=${job.rows[0]?.id ?? ''}`, { token: demo.admin });
    expect(run.body.result).toMatchObject({ status: 'success', message: 'tracks 0, subscribed 1, failed 0, refreshed 0' });
    expect((await readTrack(demo, id)).track).toMatchObject({ subscribeState: '1', subscribeReason: null, subscribeAttempts: 2, nextAttemptTime: null });
    expect(subscriptionOf('YT3500000002')).toEqual([expect.objectContaining({ company: 'yuantong', callbackurl: NOTIFY_URL })]);
  });

  it('completes the order on 签收 when ORDER_RECEIVE_ON_SIGNED=on, once; leaves it 已发货 when off', async () => {
    const signedEvents = [
      { time: '2026-03-03 08:30:00', context: '快递员正在派件', status: '派件' },
      { time: '2026-03-03 14:10:00', context: '快件已签收，签收人：本人', status: '签收' },
    ];
    process.env.ORDER_RECEIVE_ON_SIGNED = 'on';
    const on = await shipped(demo, '13900003503', 'SF3500000003');
    await subscriptionTried(demo, on);
    const push = await fake.advance('SF3500000003', signedEvents, { state: '3' });
    expect(JSON.parse(push?.answer ?? '{}')).toMatchObject({ result: true });
    expect((await orderStatus(demo, on)).status).toBe('30');
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${on}`, admin());
    const receipts = (detail.body.result.logs ?? []).filter((log) => log.action === 'receive');
    // The state machine's log names the step before what was said.
    expect(receipts).toEqual([expect.objectContaining({ content: `收货：${MSG_RECEIVED_BY_TRACKING}`, createBy: 'system', beforeStatus: '20', afterStatus: '30' })]);
    expect((await readTrack(demo, on)).track).toMatchObject({ state: '3', signedTime: '2026-03-03 15:10:00' });
    // The signed push again: nothing more happens to the order.
    await postPush(fake.pushes.at(-1)?.body ?? '');
    const again = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${on}`, admin());
    expect((again.body.result.logs ?? []).filter((log) => log.action === 'receive')).toHaveLength(1);

    process.env.ORDER_RECEIVE_ON_SIGNED = 'off';
    const off = await shipped(demo, '13900003504', 'SF3500000004');
    await subscriptionTried(demo, off);
    await fake.advance('SF3500000004', signedEvents, { state: '3' });
    expect((await readTrack(demo, off)).track).toMatchObject({ state: '3', signedTime: '2026-03-03 15:10:00' });
    expect((await orderStatus(demo, off)).status).toBe('20');
  });

  it('刷新 asks kuaidi100’s real-time query with its sign and stores the answer like a push', async () => {
    const id = await shipped(demo, '13900003505', 'SF3500000005');
    await subscriptionTried(demo, id);
    // Nothing said yet: 查询无结果 is an answer, not a failure.
    const empty = await call<TrackView>(demo.app, 'POST', `/api${EXPRESS_TRACK_API.refresh}`, { ...admin(), body: { id } });
    expect(empty.body).toMatchObject({ success: true, message: MSG_TRACK_REFRESHED, result: { events: [] } });
    expect(fake.calls.at(-1)).toEqual({ path: '/poll/query.do', returnCode: '500' });

    await fake.advance('SF3500000005', [{ time: '2026-03-04 11:00:00', context: '【杭州市】已揽收', areaName: '浙江省杭州市', status: '揽收' }], { state: '1', push: false });
    const refreshed = await call<TrackView>(demo.app, 'POST', `/api${EXPRESS_TRACK_API.refresh}`, { ...admin(), body: { id } });
    expect(refreshed.body.result).toMatchObject({ track: { state: '1' }, events: [{ time: '2026-03-04 12:00:00', context: '【杭州市】已揽收', location: '浙江省杭州市', status: '揽收' }] });
    expect(fake.calls.at(-1)).toEqual({ path: '/poll/query.do', returnCode: '200' });
    // A second 刷新 stores nothing twice.
    await call(demo.app, 'POST', `/api${EXPRESS_TRACK_API.refresh}`, { ...admin(), body: { id } });
    expect(await eventCount(id)).toBe(1);

    // Not shipped by express: said so.
    const unshipped = await call(demo.app, 'POST', `/api${EXPRESS_TRACK_API.refresh}`, { ...admin(), body: { id: '0'.repeat(32) } });
    expect(unshipped.body).toMatchObject({ success: false, message: '订单不存在' });
  });

  it('the adapter refuses what kuaidi100 refuses and gives up on a silent service within its timeout', async () => {
    const track = { id: 'x', tenantId: 1, com: 'shunfeng', logisticsNo: 'SF3500000005', phone: '13900003505', deliveredAt: null, expressName: null };
    const options = { key: fake.key, customer: fake.customer, base: fake.url, notifyUrl: NOTIFY_URL, saltOf: () => 'a'.repeat(32) };
    await expect(new Kuaidi100Adapter({ ...options, customer: 'SOMEONEELSE' }).query(track)).rejects.toThrow('快递100 查询失败：验证签名失败（503）');
    expect(await new Kuaidi100Adapter({ ...options, key: 'wrong-key' }).subscribe({ ...track, logisticsNo: 'SF3500000099' })).toEqual({ ok: false, reason: '快递100 订阅失败：您不是合法的订阅者（即授权Key出错）（600）' });
    // Already followed: 501 重复订阅 counts as subscribed.
    expect(await new Kuaidi100Adapter(options).subscribe(track)).toEqual({ ok: true });

    const silent = await startKuaidi100Fake({ key: fake.key, customer: fake.customer });
    try {
      silent.hang();
      const started = Date.now();
      const failure = await new Kuaidi100Adapter({ ...options, base: silent.url, timeoutMs: 300 }).query(track).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ExpressChannelFailure);
      expect((failure as Error).message).toBe(MSG_KUAIDI100_TIMEOUT);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });
});

describe('the express channel’s configuration', () => {
  it('refuses what it cannot use, naming each problem, and builds the notify URL from PUBLIC_BASE_URL', () => {
    expect(expressSettingsOf({}, '/api')).toEqual({ mode: 'demo' });
    expect(() => expressSettingsOf({ EXPRESS_MODE: 'sf' }, '/api')).toThrow('EXPRESS_MODE must be one of demo, kuaidi100 (got "sf")');
    expect(() => expressSettingsOf({ EXPRESS_MODE: 'kuaidi100', PUBLIC_BASE_URL: 'ftp://shop.example.com' }, '/api')).toThrow(
      /KUAIDI100_KEY is required[\s\S]*KUAIDI100_CUSTOMER is required[\s\S]*PUBLIC_BASE_URL must be an http\(s\) URL/,
    );
    expect(() => expressSettingsOf({ EXPRESS_MODE: 'kuaidi100', KUAIDI100_KEY: 'k', KUAIDI100_CUSTOMER: 'c' }, '/api')).toThrow('PUBLIC_BASE_URL is required when EXPRESS_MODE=kuaidi100');
    expect(expressSettingsOf({ EXPRESS_MODE: 'kuaidi100', KUAIDI100_KEY: 'k', KUAIDI100_CUSTOMER: 'c', PUBLIC_BASE_URL: 'https://shop.example.com/' }, '/api')).toEqual({
      mode: 'kuaidi100',
      key: 'k',
      customer: 'c',
      base: 'https://poll.kuaidi100.com',
      notifyUrl: 'https://shop.example.com/api/express/notify/kuaidi100',
    });
  });
});

describe('物流跟踪 with the demo service (the default)', () => {
  it('tells an order shipped three days ago as signed for and one shipped yesterday on its way', async () => {
    const sessions = await startWithDemoSessions({ env: { SHOP_TIME_ZONE: SHOP_ZONE, SCHEDULER: 'off' } });
    const server: DemoServer = {
      server: sessions.server,
      app: sessions.server.app,
      admin: sessions.admin.token,
      clerk: sessions.clerk.token,
      adminSession: sessions.admin,
      clerkSession: sessions.clerk,
      wsBase: sessions.wsBase,
    };
    try {
      const old = await shipped(server, '13900003601', 'SF3600000001');
      const recent = await shipped(server, '13900003602', 'SF3600000002');
      await sql`update sale_order set delivery_time = now() - interval '3 days' where id = ${old}`.execute(server.app.db);
      await sql`update sale_order set delivery_time = now() - interval '21 hours' where id = ${recent}`.execute(server.app.db);
      // Subscribed right after 发货; the next pass tells the journey from the (moved) shipping times.
      await subscriptionTried(server, old);
      await subscriptionTried(server, recent);
      await expressTrackingOf(server.app.services).pass();

      const signed = await readTrack(server, old);
      expect(signed.mode).toBe('demo');
      expect(signed.track).toMatchObject({ subscribeState: '1', state: '3' });
      expect(signed.events).toHaveLength(6);
      expect(signed.events[0]).toMatchObject({ status: '签收' });
      // Out for delivery in the morning and signed for in the afternoon of the shop's own day.
      expect(signed.events[0]?.time).toMatch(/ 14:10:00$/);
      expect(signed.events[1]).toMatchObject({ status: '派件' });
      expect(signed.events[1]?.time).toMatch(/ 08:30:00$/);
      expect(signed.track?.signedTime).toBe(signed.events[0]?.time);

      const moving = await readTrack(server, recent);
      expect(moving.events.length).toBeGreaterThanOrEqual(4);
      expect(moving.events.at(-1)).toMatchObject({ status: '揽收' });
      expect(moving.track?.state).not.toBe('3');
      expect((await orderStatus(server, old)).status).toBe('20');
    } finally {
      await sessions.server.close();
    }
  });
});
