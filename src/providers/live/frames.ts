import type { LiveRow, NoticeMessage } from '../../contracts/live';
import { TABLE_MESSAGE } from '../../contracts/live';

/** What a socket frame means to the client; `ignored` frames are only logged (never evaluated). */
export type NoticeFrame = { kind: 'notice'; message: NoticeMessage } | { kind: 'heartbeat' } | { kind: 'ignored'; reason: string };

export type TableFrameEvent =
  | { kind: 'heartbeat' }
  | { kind: 'row'; socketKey: string; row: LiveRow; caseId: string | null }
  | { kind: 'common'; key: string; args: unknown[] }
  | { kind: 'ignored'; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readNoticeFrame(text: string): NoticeFrame {
  const frame = parse(text);
  if (!isRecord(frame)) return { kind: 'ignored', reason: 'unparsable' };
  const { cmd, msgId, msgTxt, userId } = frame;
  if (cmd === 'heartcheck') return { kind: 'heartbeat' };
  if ((cmd === 'topic' || cmd === 'user') && typeof msgId === 'string') {
    const message: NoticeMessage = { cmd, msgId, msgTxt: typeof msgTxt === 'string' ? msgTxt : '' };
    if (typeof userId === 'string') message.userId = userId;
    return { kind: 'notice', message };
  }
  return { kind: 'ignored', reason: 'unknown' };
}

export function readTableFrame(text: string): TableFrameEvent {
  const frame = parse(text);
  if (!isRecord(frame) || typeof frame.type !== 'string') return { kind: 'ignored', reason: 'unparsable' };
  const data = frame.data;
  switch (frame.type) {
    case TABLE_MESSAGE.heartBeat:
      return { kind: 'heartbeat' };
    case TABLE_MESSAGE.updateRow: {
      if (!isRecord(data) || typeof data.socketKey !== 'string' || !Array.isArray(data.args)) break;
      const [row, caseId] = data.args as unknown[];
      if (!isRecord(row) || (typeof row.id !== 'string' && typeof row.id !== 'number')) break;
      return { kind: 'row', socketKey: data.socketKey, row: row as LiveRow, caseId: typeof caseId === 'string' ? caseId : null };
    }
    case TABLE_MESSAGE.commonSend:
      if (!isRecord(data) || typeof data.key !== 'string' || !Array.isArray(data.args)) break;
      return { kind: 'common', key: data.key, args: data.args };
  }
  return { kind: 'ignored', reason: 'unknown' };
}
