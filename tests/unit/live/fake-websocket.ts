/** A WebSocket stand-in the tests drive by hand: open, receive, error, close. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  sent: string[] = [];
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.instances.push(this);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  private emit(type: string, event: object): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, target: this, ...event });
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { code, reason, wasClean: true });
  }

  serverOpens(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.emit('open', {});
  }

  serverSends(data: string): void {
    this.emit('message', { data });
  }

  /** A browser reports a failed connection as error, then close. */
  fails(): void {
    this.emit('error', { message: 'failed' });
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { code: 1006, reason: '', wasClean: false });
  }
}
