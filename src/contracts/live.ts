import { RECORD_ID_PATTERN } from './record-id';
/** The two websockets (docs/spec.md §7 Sockets, docs/reference/jeecg-conventions.md §6.4/§6.5), shared by the client and the reference server. */

/** Paths relative to the API base; followed by `/{userId}` and `/{userId}/{pageId}`. */
export const SOCKET_PATHS = {
  notice: '/websocket',
  table: '/vxeSocket',
} as const;

/** The text the notice socket sends as its heartbeat. */
export const NOTICE_HEARTBEAT = 'HeartBeat';
/** The server's answer to a notice heartbeat (sent to that socket only). */
export const NOTICE_HEARTBEAT_REPLY = { cmd: 'heartcheck', msgTxt: '心跳响应' } as const;

/** docs/spec.md §9: the notice socket's heartbeat timeout, the table socket's heartbeat and reply timeout, the reconnect delay. */
export const NOTICE_HEARTBEAT_TIMEOUT_MS = 20_000;
export const TABLE_HEARTBEAT_INTERVAL_MS = 10_000;
export const TABLE_HEARTBEAT_REPLY_TIMEOUT_MS = 6_000;
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
/** docs/spec.md §9: the notice list reload interval. */
export const NOTICE_RELOAD_INTERVAL_MS = 6_000;

/** Server → client frames of the notice socket that make the client reload its notices. */
export type NoticeCommand = 'topic' | 'user';

export interface NoticeMessage {
  cmd: NoticeCommand;
  msgId: string;
  msgTxt: string;
  /** Set on 'user' messages. */
  userId?: string;
}

/** Table socket frame types (the spelling `common_send_date` is the wire's). */
export const TABLE_MESSAGE = {
  heartBeat: 'heart_beat',
  commonSend: 'common_send_date',
  updateRow: 'update_vxe_table',
  /** Our additions: a socket receives only the keys it subscribed to (never a broadcast to everyone). */
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
} as const;

export type TableMessageType = (typeof TABLE_MESSAGE)[keyof typeof TABLE_MESSAGE];

export interface TableFrame {
  type: string;
  data: unknown;
}

/** A row sent over the table socket: at least an id. */
export type LiveRow = { id: string | number } & Record<string, unknown>;

export interface RowUpdateData {
  socketKey: string;
  /** [row, caseId]: caseId names the sending page so it can skip its own update. */
  args: [LiveRow, string?];
}

export interface CommonSendData {
  key: string;
  args: unknown[];
}

/** The socket key of a list is its API base (e.g. `/sys/annountCement`). */
export const SOCKET_KEY_PATTERN = /^[A-Za-z0-9_:./-]{1,100}$/;
/** A page id (a random UUID per browser page) and a user id. */
export const SOCKET_ID_PATTERN = RECORD_ID_PATTERN;
/** Largest row or args payload the server forwards (serialised JSON, bytes). */
export const MAX_LIVE_PAYLOAD_BYTES = 64 * 1024;

/**
 * Progress of one Excel import, pushed on the table socket to the importing user's own connections only, on the key
 * `importProgress:<importId>` (the id the client sends with its upload): `common_send_date` frames whose one arg is
 * an ImportProgress. Only the server speaks on these keys; a client may listen, never relay.
 */
export const IMPORT_PROGRESS_KEY_PREFIX = 'importProgress:';
/** The import id the client makes up for one upload (the query's `importId`). */
export const IMPORT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The server sends at most one progress frame per this interval while rows are imported, plus the last one. */
export const IMPORT_PROGRESS_INTERVAL_MS = 250;

/** Where an import is: the file being read (total not known yet), its rows being checked and written, or finished. */
export type ImportPhase = 'reading' | 'importing' | 'done';

export interface ImportProgress {
  phase: ImportPhase;
  /** Data rows handled so far (imported or skipped). */
  done: number;
  /** Data rows of the file; 0 while it is being read. */
  total: number;
}

export const importProgressKey = (importId: string) => `${IMPORT_PROGRESS_KEY_PREFIX}${importId}`;
