import {
  NOTICE_HEARTBEAT,
  NOTICE_HEARTBEAT_TIMEOUT_MS,
  SOCKET_PATHS,
  TABLE_HEARTBEAT_INTERVAL_MS,
  TABLE_HEARTBEAT_REPLY_TIMEOUT_MS,
  TABLE_MESSAGE,
  type LiveRow,
  type NoticeMessage,
} from '../../contracts/live';
import { readNoticeFrame, readTableFrame } from './frames';
import { LiveSocket, type SocketLogger, type SocketState, type WebSocketConstructor } from './live-socket';

export type NoticeHandler = (message: NoticeMessage) => void;
export type RowHandler = (row: LiveRow) => void;
export type CommonHandler = (args: unknown[]) => void;

export interface LiveHubOptions {
  /** The API base as the http client uses it: `/api` or an absolute http(s) URL. */
  apiBase: string;
  userId: string;
  token: string;
  tenantId?: number;
  /** Where a relative API base lives (window.location in the browser). */
  origin?: string;
  WebSocketImpl?: WebSocketConstructor;
  logger?: SocketLogger;
  /** A fresh id per browser page (vxeSocket pageId), also the caseId of this page's own updates. */
  pageId?: string;
}

export interface LiveHub {
  readonly pageId: string;
  onNotice(handler: NoticeHandler): () => void;
  /** The notice socket opened or closed: while it is open, notices arrive without asking. */
  onNoticeState(handler: (state: SocketState) => void): () => void;
  /** Rows changed elsewhere for this socket key (a list's API base). */
  subscribeRows(socketKey: string, handler: RowHandler): () => void;
  /** Tells the other pages listening to this key that a row changed here. */
  publishRow(socketKey: string, row: LiveRow): void;
  onCommon(key: string, handler: CommonHandler): () => void;
  sendCommon(key: string, args: unknown[]): void;
  states(): { notice: SocketState; table: SocketState };
  stop(): void;
}

/** ws(s) URL of a socket path under the API base. */
export function socketUrl(apiBase: string, path: string, origin: string): string {
  const absolute = new URL(`${apiBase.replace(/\/+$/, '')}${path}`, origin);
  absolute.protocol = absolute.protocol === 'https:' ? 'wss:' : 'ws:';
  return absolute.toString();
}

function randomPageId(): string {
  return globalThis.crypto.randomUUID();
}

class Listeners<T extends unknown[]> {
  private readonly byKey = new Map<string, Set<(...args: T) => void>>();
  add(key: string, handler: (...args: T) => void): { first: boolean; remove: () => boolean } {
    const set = this.byKey.get(key) ?? new Set();
    const first = set.size === 0;
    set.add(handler);
    this.byKey.set(key, set);
    return {
      first,
      // Returns whether that was the key's last handler.
      remove: () => {
        set.delete(handler);
        if (set.size > 0) return false;
        this.byKey.delete(key);
        return true;
      },
    };
  }
  emit(key: string, ...args: T): void {
    for (const handler of [...(this.byKey.get(key) ?? [])]) handler(...args);
  }
  keys(): string[] {
    return [...this.byKey.keys()];
  }
}

/** The notice socket and the table socket of one signed-in page, with their handlers (kept across reconnects). */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const logger = options.logger ?? { warn: (message: string, detail?: unknown) => console.warn(message, detail) };
  const origin = options.origin ?? globalThis.location.origin;
  const pageId = options.pageId ?? randomPageId();
  const query = options.tenantId !== undefined && options.tenantId > 0 ? `?tenantId=${options.tenantId}` : '';
  const noticeHandlers = new Set<NoticeHandler>();
  const noticeStateHandlers = new Set<(state: SocketState) => void>();
  const rows = new Listeners<[LiveRow]>();
  const commons = new Listeners<[unknown[]]>();
  const protocols = [options.token];
  const userPath = encodeURIComponent(options.userId);

  const notice = new LiveSocket({
    url: socketUrl(options.apiBase, `${SOCKET_PATHS.notice}/${userPath}${query}`, origin),
    protocols,
    heartbeat: { ping: NOTICE_HEARTBEAT, intervalMs: NOTICE_HEARTBEAT_TIMEOUT_MS, replyTimeoutMs: NOTICE_HEARTBEAT_TIMEOUT_MS },
    WebSocketImpl: options.WebSocketImpl,
    onStateChange: (state) => {
      for (const handler of [...noticeStateHandlers]) handler(state);
    },
    onText: (text) => {
      const frame = readNoticeFrame(text);
      if (frame.kind === 'notice') for (const handler of [...noticeHandlers]) handler(frame.message);
      else if (frame.kind === 'ignored') logger.warn(`notice socket: ${frame.reason} frame ignored`, text.slice(0, 200));
    },
  });

  const sendTable = (type: string, data: unknown) => table.send(JSON.stringify({ type, data }));
  const table: LiveSocket = new LiveSocket({
    url: socketUrl(options.apiBase, `${SOCKET_PATHS.table}/${userPath}/${encodeURIComponent(pageId)}${query}`, origin),
    protocols,
    heartbeat: { ping: JSON.stringify({ type: TABLE_MESSAGE.heartBeat, data: '' }), intervalMs: TABLE_HEARTBEAT_INTERVAL_MS, replyTimeoutMs: TABLE_HEARTBEAT_REPLY_TIMEOUT_MS },
    WebSocketImpl: options.WebSocketImpl,
    // A new connection knows nothing: subscribe again to every key still listened to.
    onOpen: () => {
      for (const key of new Set([...rows.keys(), ...commons.keys()])) sendTable(TABLE_MESSAGE.subscribe, { socketKey: key });
    },
    onText: (text) => {
      const frame = readTableFrame(text);
      if (frame.kind === 'row') {
        if (frame.caseId !== pageId) rows.emit(frame.socketKey, frame.row);
      } else if (frame.kind === 'common') commons.emit(frame.key, frame.args);
      else if (frame.kind === 'ignored') logger.warn(`table socket: ${frame.reason} frame ignored`, text.slice(0, 200));
    },
  });

  function listen<T extends unknown[]>(listeners: Listeners<T>, key: string, handler: (...args: T) => void): () => void {
    const { first, remove } = listeners.add(key, handler);
    if (first) sendTable(TABLE_MESSAGE.subscribe, { socketKey: key });
    return () => {
      if (remove()) sendTable(TABLE_MESSAGE.unsubscribe, { socketKey: key });
    };
  }

  return {
    pageId,
    onNotice(handler) {
      noticeHandlers.add(handler);
      return () => noticeHandlers.delete(handler);
    },
    onNoticeState(handler) {
      noticeStateHandlers.add(handler);
      return () => noticeStateHandlers.delete(handler);
    },
    subscribeRows: (socketKey, handler) => listen(rows, socketKey, handler),
    publishRow: (socketKey, row) => void sendTable(TABLE_MESSAGE.updateRow, { socketKey, args: [row, pageId] }),
    onCommon: (key, handler) => listen(commons, key, handler),
    sendCommon: (key, args) => void sendTable(TABLE_MESSAGE.commonSend, { key, args }),
    states: () => ({ notice: notice.state, table: table.state }),
    stop() {
      notice.stop();
      table.stop();
    },
  };
}
