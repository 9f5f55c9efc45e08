import ReconnectingWebSocket from 'reconnecting-websocket';
import { SOCKET_RECONNECT_DELAY_MS } from '../../contracts/live';

export type SocketState = 'connecting' | 'open' | 'error' | 'closed';

export interface HeartbeatPolicy {
  /** The frame sent as a heartbeat. */
  ping: string;
  /** A heartbeat goes out this often while the socket is open. */
  intervalMs: number;
  /** No frame at all within this time after a heartbeat: the connection is dead, reconnect. */
  replyTimeoutMs: number;
}

export interface SocketLogger {
  warn: (message: string, detail?: unknown) => void;
}

/** The WebSocket constructor (tests pass a fake). */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocket;

export interface LiveSocketOptions {
  url: string;
  /** The token travels as the sub-protocol: a browser cannot set headers on a WebSocket. */
  protocols?: string[];
  heartbeat: HeartbeatPolicy;
  onText: (text: string) => void;
  /** After every (re)connection, e.g. to subscribe again. */
  onOpen?: () => void;
  onStateChange?: (state: SocketState) => void;
  WebSocketImpl?: WebSocketConstructor;
  reconnectDelayMs?: number;
}

/**
 * One websocket kept alive: any error or close reconnects after 5 s with one reconnect pending at
 * most (docs/spec.md §4, §8); a heartbeat left unanswered closes the connection, which reconnects the same way.
 */
export class LiveSocket {
  private readonly socket: ReconnectingWebSocket;
  private readonly delay: number;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  private forcedReconnect: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  state: SocketState = 'connecting';

  constructor(private readonly options: LiveSocketOptions) {
    this.delay = options.reconnectDelayMs ?? SOCKET_RECONNECT_DELAY_MS;
    this.socket = new ReconnectingWebSocket(options.url, options.protocols, {
      WebSocket: options.WebSocketImpl ?? globalThis.WebSocket,
      // A fixed delay: the first attempt is immediate, every later one waits exactly this long.
      minReconnectionDelay: this.delay,
      maxReconnectionDelay: this.delay,
      reconnectionDelayGrowFactor: 1,
      connectionTimeout: 4_000,
      // Heartbeats and subscriptions are sent again on open; nothing stale is queued.
      maxEnqueuedMessages: 0,
    });
    this.socket.addEventListener('open', () => {
      this.setState('open');
      this.startHeartbeat();
      this.options.onOpen?.();
    });
    this.socket.addEventListener('message', (event) => {
      this.clearReplyTimer();
      if (typeof event.data === 'string') this.options.onText(event.data);
      else this.options.onText('');
    });
    this.socket.addEventListener('error', () => {
      this.stopHeartbeat();
      this.setState('error');
    });
    this.socket.addEventListener('close', () => {
      this.stopHeartbeat();
      this.setState('closed');
    });
  }

  /** Sends when open; returns whether it went out. */
  send(text: string): boolean {
    if (this.socket.readyState !== ReconnectingWebSocket.OPEN) return false;
    this.socket.send(text);
    return true;
  }

  /** Closes for good (logout, unmount). */
  stop(): void {
    this.stopped = true;
    this.stopHeartbeat();
    if (this.forcedReconnect !== null) clearTimeout(this.forcedReconnect);
    this.forcedReconnect = null;
    this.socket.close();
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    const { ping, intervalMs, replyTimeoutMs } = this.options.heartbeat;
    this.pingTimer = setInterval(() => {
      this.send(ping);
      this.replyTimer ??= setTimeout(() => this.reconnectDeadConnection(), replyTimeoutMs);
    }, intervalMs);
  }

  private clearReplyTimer(): void {
    if (this.replyTimer !== null) clearTimeout(this.replyTimer);
    this.replyTimer = null;
  }

  private stopHeartbeat(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearReplyTimer();
  }

  /** The heartbeat went unanswered: close and reconnect after the same 5 s as any other close. */
  private reconnectDeadConnection(): void {
    this.stopHeartbeat();
    if (this.stopped || this.forcedReconnect !== null) return;
    this.socket.close();
    this.forcedReconnect = setTimeout(() => {
      this.forcedReconnect = null;
      if (!this.stopped) this.socket.reconnect();
    }, this.delay);
  }
}
