import {
  MAX_LIVE_PAYLOAD_BYTES,
  SOCKET_ID_PATTERN,
  SOCKET_KEY_PATTERN,
  TABLE_MESSAGE,
  type LiveRow,
} from '../../src/contracts/live';

/** What a table-socket client may send, after validation. Anything else is dropped. */
export type ClientTableFrame =
  | { type: 'heart_beat' }
  | { type: 'subscribe' | 'unsubscribe'; socketKey: string }
  | { type: 'update_vxe_table'; socketKey: string; row: LiveRow; caseId: string | null }
  | { type: 'common_send_date'; key: string; args: unknown[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function socketKeyOf(value: unknown): string | null {
  return typeof value === 'string' && SOCKET_KEY_PATTERN.test(value) ? value : null;
}

function rowOf(value: unknown): LiveRow | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  const idOk = (typeof id === 'string' && SOCKET_ID_PATTERN.test(id)) || (typeof id === 'number' && Number.isSafeInteger(id));
  if (!idOk || jsonBytes(value) > MAX_LIVE_PAYLOAD_BYTES) return null;
  return value as LiveRow;
}

/**
 * Parses one client frame of `/vxeSocket`. Returns null for anything unparsable, unknown or out of
 * shape; the caller logs and ignores it. The result is re-serialised before forwarding, never the raw text.
 */
export function parseClientTableFrame(raw: string): ClientTableFrame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.type !== 'string') return null;
  const data = parsed.data;
  switch (parsed.type) {
    case TABLE_MESSAGE.heartBeat:
      return { type: 'heart_beat' };
    case TABLE_MESSAGE.subscribe:
    case TABLE_MESSAGE.unsubscribe: {
      const socketKey = isRecord(data) ? socketKeyOf(data.socketKey) : null;
      return socketKey === null ? null : { type: parsed.type, socketKey };
    }
    case TABLE_MESSAGE.updateRow: {
      if (!isRecord(data) || !Array.isArray(data.args)) return null;
      const socketKey = socketKeyOf(data.socketKey);
      const row = rowOf(data.args[0]);
      const caseId: unknown = data.args[1];
      if (socketKey === null || row === null) return null;
      if (caseId !== undefined && caseId !== null && !(typeof caseId === 'string' && SOCKET_ID_PATTERN.test(caseId))) return null;
      return { type: 'update_vxe_table', socketKey, row, caseId: typeof caseId === 'string' ? caseId : null };
    }
    case TABLE_MESSAGE.commonSend: {
      if (!isRecord(data) || !Array.isArray(data.args)) return null;
      const key = socketKeyOf(data.key);
      if (key === null || jsonBytes(data.args) > MAX_LIVE_PAYLOAD_BYTES) return null;
      return { type: 'common_send_date', key, args: data.args };
    }
    default:
      return null;
  }
}
