import WebSocket from 'ws';

/** A real ws client that records every text frame it receives. */
export interface TestSocket {
  socket: WebSocket;
  frames: unknown[];
  /** Resolves with the first frame (already received or coming) that matches, or rejects after timeoutMs. */
  next: (match: (frame: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
  closed: Promise<number>;
  close: () => void;
}

/** Opens a socket; rejects with `HTTP <status>` when the upgrade is refused. */
export function openSocket(url: string, protocols?: string | string[]): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const frames: unknown[] = [];
    const waiters: Array<{ match: (frame: unknown) => boolean; resolve: (frame: unknown) => void }> = [];
    socket.on('message', (data) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(data));
      } catch {
        frame = String(data);
      }
      frames.push(frame);
      for (const waiter of [...waiters]) {
        if (waiter.match(frame)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('unexpected-response', (request, response) => {
      request.destroy();
      reject(new Error(`HTTP ${response.statusCode ?? 0}`));
    });
    socket.on('error', (error) => reject(error));
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        closed,
        close: () => socket.close(),
        next: (match, timeoutMs = 2_000) => {
          const seen = frames.find(match);
          if (seen !== undefined) return Promise.resolve(seen);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching frame')), timeoutMs);
            waiters.push({ match, resolve: (frame) => (clearTimeout(timer), done(frame)) });
          });
        },
      }),
    );
  });
}

/** Waits a little so that a frame that should NOT arrive has had its chance. */
export const settle = (ms = 300) => new Promise((done) => setTimeout(done, ms));
