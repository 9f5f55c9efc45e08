/** Stalled clients are dropped by the server's deadlines (issue #20); websockets stay open past them. */
import ExcelJS from 'exceljs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { NOTICE_HEARTBEAT, NOTICE_HEARTBEAT_REPLY } from '../../src/contracts/live';
import { loadConfig } from '../../server/config';
import { useDemoServer } from './helpers';
import { openSocket } from './socket-clients';

const HEADERS_MS = 600;
const REQUEST_MS = 1_200;
const IDLE_MS = 900;
const demo = useDemoServer({
  listen: true,
  env: { HEADERS_TIMEOUT_MS: String(HEADERS_MS), REQUEST_TIMEOUT_MS: String(REQUEST_MS), IDLE_TIMEOUT_MS: String(IDLE_MS) },
});

interface Dropped {
  /** Milliseconds from the first byte sent to the server closing the connection. */
  afterMs: number;
  /** What the server wrote before closing ('' when it just closed). */
  answer: string;
}

/**
 * Opens a raw TCP connection, writes `opening`, then writes one byte of `drip` every `dripEveryMs`
 * (none when drip is empty) until the server closes the connection or `giveUpMs` passes.
 */
function stallAgainstServer(opening: string, drip: string, dripEveryMs: number, giveUpMs = 8_000): Promise<Dropped> {
  const address = demo.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let position = 0;
    let dripper: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(dripper);
      socket.destroy();
      reject(new Error(`still connected after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(opening);
      if (drip !== '') {
        dripper = setInterval(() => {
          if (position < drip.length && !socket.destroyed) socket.write(drip[position++] ?? '');
        }, dripEveryMs);
      }
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(dripper);
      resolve({ afterMs: Date.now() - started, answer });
    });
  });
}

const LOGIN_HEAD = 'POST /api/sys/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n';

describe('timeouts for stalled clients', () => {
  it('drops a client that sends its headers and then stalls its body, within the idle timeout', async () => {
    const dropped = await stallAgainstServer(`${LOGIN_HEAD}{"username":`, '', 0);
    expect(dropped.afterMs).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(dropped.afterMs).toBeLessThan(IDLE_MS + 1_500);
  });

  it('drops a client that trickles its body a byte at a time (never idle) at the request deadline with 408', async () => {
    const dropped = await stallAgainstServer(LOGIN_HEAD, '{"username":"admin","password":"123456"'.padEnd(4000, ' '), 150);
    expect(dropped.afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(dropped.afterMs).toBeLessThan(REQUEST_MS + 1_500);
    expect(dropped.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops a client that trickles its headers at the header deadline with 408', async () => {
    const dropped = await stallAgainstServer('GET /api/sys/dict/getDictItems/sex HTTP/1.1\r\n', 'X-Slow: '.padEnd(400, 'a'), 150);
    expect(dropped.afterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(dropped.afterMs).toBeLessThan(HEADERS_MS + 1_500);
    expect(dropped.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps an idle websocket open well past every deadline, and it still answers', async () => {
    const notice = await openSocket(`${demo.wsBase}/websocket/${demo.adminSession.userInfo.id}`, demo.admin);
    let closedEarly = false;
    void notice.closed.then(() => (closedEarly = true));
    await new Promise((done) => setTimeout(done, REQUEST_MS + IDLE_MS + 500));
    expect(closedEarly).toBe(false);
    notice.socket.send(NOTICE_HEARTBEAT);
    expect(await notice.next((frame) => typeof frame === 'object' && frame !== null && (frame as { cmd?: unknown }).cmd === 'heartcheck')).toEqual(NOTICE_HEARTBEAT_REPLY);
    notice.close();
  });

  it('answers an import that works longer than the idle timeout (the line is quiet while the server works)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['会员']);
    sheet.addRow(['导出人:admin']);
    sheet.addRow(['会员编号', '会员姓名']);
    const rows = 12_000;
    for (let index = 0; index < rows; index += 1) sheet.addRow([`IDLE${String(index).padStart(6, '0')}`, `安静会员${index}`]);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'members.xlsx');
    const address = demo.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/cust/custMember/importExcel`, { method: 'POST', body: form, headers: { 'x-access-token': demo.admin, 'tenant-id': '1' } });
    const body = (await response.json()) as { success: boolean; result: { imported: number } };
    // Longer than the idle deadline, or the test would prove nothing.
    expect(Date.now() - started).toBeGreaterThan(IDLE_MS);
    expect(body).toMatchObject({ success: true, result: { imported: rows } });
  }, 120_000);

  it('answers an ordinary request on the same server', async () => {
    const response = await demo.app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/sex', headers: { 'x-access-token': demo.admin } });
    expect(response.statusCode).toBe(200);
  });
});

describe('timeout configuration', () => {
  it('has defaults that leave room for a large upload on a slow line', () => {
    expect(loadConfig({}).timeouts).toEqual({ headersMs: 30_000, requestMs: 300_000, idleMs: 120_000, keepAliveMs: 72_000 });
  });

  it('refuses values that are not whole milliseconds in range, and a header deadline after the request deadline', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5s' })).toThrow('REQUEST_TIMEOUT_MS must be a whole number from 100 to 3600000 (got "5s")');
    expect(() => loadConfig({ IDLE_TIMEOUT_MS: '0' })).toThrow('IDLE_TIMEOUT_MS must be a whole number from 100 to 3600000 (got "0")');
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '9000', REQUEST_TIMEOUT_MS: '5000' })).toThrow('HEADERS_TIMEOUT_MS (9000) must not exceed REQUEST_TIMEOUT_MS (5000)');
  });
});
