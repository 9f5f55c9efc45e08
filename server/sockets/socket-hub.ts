import type { WebSocket } from 'ws';
import { TABLE_MESSAGE, type LiveRow, type NoticeMessage, type TableFrame } from '../../src/contracts/live';

const OPEN = 1;
/** The caseId of rows the server publishes: no client page has it, so every subscriber applies them. */
export const SERVER_CASE_ID = 'server';
/** Never pushed, whatever a channel allows (defence in depth: such values are write-only). */
const NEVER_PUSHED = new Set(['password', 'salt']);

interface ServerChannel {
  permission: string;
  /** The fields a subscriber may read; null: every field but the never-pushed ones. */
  fields: ReadonlySet<string> | null;
}

export interface TableClient {
  socket: WebSocket;
  userId: string;
  /** The tenant the upgrade was authorised for; null when none. */
  tenantId: number | null;
  pageId: string;
  keys: Set<string>;
  /**
   * Keys whose subscription is still being authorised, with the frames published on them meanwhile: delivered
   * once the permission is confirmed, dropped if refused — so a row changed right after a list subscribed is
   * neither lost nor shown to a page that may not see it.
   */
  pending: Map<string, string[]>;
}

/** Frames held per key while its subscription is authorised (a burst beyond this is dropped, as a reload would). */
export const MAX_HELD_FRAMES = 100;

export interface PublishOptions {
  /** Only subscribers of this tenant; omit for data that is not tenant-scoped. */
  tenantId?: number | null;
}

function send(socket: WebSocket, payload: string): boolean {
  if (socket.readyState !== OPEN) return false;
  socket.send(payload);
  return true;
}

/**
 * Who is connected and what they listen to. Every push goes to named users or to subscribers of one
 * key; nothing a client sends is ever relayed to everyone.
 */
export class SocketHub {
  private readonly noticeSockets = new Map<string, Set<WebSocket>>();
  private readonly tableClients = new Set<TableClient>();
  /** Keys whose rows only the server publishes, with what a subscriber needs and may read. */
  private readonly serverChannels = new Map<string, ServerChannel>();

  addNoticeSocket(userId: string, socket: WebSocket): () => void {
    const sockets = this.noticeSockets.get(userId) ?? new Set<WebSocket>();
    sockets.add(socket);
    this.noticeSockets.set(userId, sockets);
    return () => {
      sockets.delete(socket);
      if (sockets.size === 0) this.noticeSockets.delete(userId);
    };
  }

  addTableClient(client: TableClient): () => void {
    this.tableClients.add(client);
    return () => {
      this.tableClients.delete(client);
    };
  }

  /** Pushes a notice to every open notice socket of these users; returns how many sockets got it. */
  sendToUsers(userIds: readonly string[], message: NoticeMessage): number {
    let reached = 0;
    for (const userId of new Set(userIds)) {
      const payload = JSON.stringify(message.cmd === 'user' ? { ...message, userId } : message);
      for (const socket of this.noticeSockets.get(userId) ?? []) if (send(socket, payload)) reached += 1;
    }
    return reached;
  }

  /** Pushes a notice to every connected user (an announcement to all users). */
  broadcast(message: NoticeMessage): number {
    return this.sendToUsers([...this.noticeSockets.keys()], message);
  }

  /**
   * Declares a key the server owns: clients may subscribe with `permission`, but never publish on it.
   * With `readableFields`, a row published on it carries only its id and those fields.
   */
  registerServerChannel(socketKey: string, permission: string, readableFields?: readonly string[]): void {
    this.serverChannels.set(socketKey, { permission, fields: readableFields === undefined ? null : new Set(readableFields) });
  }

  channelPermission(socketKey: string): string | undefined {
    return this.serverChannels.get(socketKey)?.permission;
  }

  isServerChannel(socketKey: string): boolean {
    return this.serverChannels.has(socketKey);
  }

  /** Tells the subscribers of a list that a row changed (`update_vxe_table`, spec §7 Sockets). */
  publishRowUpdate(socketKey: string, row: LiveRow, options: PublishOptions = {}): number {
    const frame: TableFrame = { type: TABLE_MESSAGE.updateRow, data: { socketKey, args: [this.readableRow(socketKey, row), SERVER_CASE_ID] } };
    return this.publish(socketKey, JSON.stringify(frame), null, options.tenantId);
  }

  /** Relays a validated client frame to the other subscribers of its key in the sender's tenant. */
  relay(sender: TableClient, socketKey: string, frame: TableFrame): number {
    return this.publish(socketKey, JSON.stringify(frame), sender, sender.tenantId);
  }

  noticeSocketCount(userId: string): number {
    return this.noticeSockets.get(userId)?.size ?? 0;
  }

  /** The row as a subscriber of the channel may see it: its id and the channel's readable fields. */
  private readableRow(socketKey: string, row: LiveRow): LiveRow {
    const fields = this.serverChannels.get(socketKey)?.fields ?? null;
    const readable: LiveRow = { id: row.id };
    for (const [name, value] of Object.entries(row)) {
      if (name === 'id' || NEVER_PUSHED.has(name) || (fields !== null && !fields.has(name))) continue;
      readable[name] = value;
    }
    return readable;
  }

  private publish(socketKey: string, payload: string, sender: TableClient | null, tenantId: number | null | undefined): number {
    let reached = 0;
    for (const client of this.tableClients) {
      if (client === sender) continue;
      if (tenantId !== undefined && client.tenantId !== tenantId) continue;
      const held = client.pending.get(socketKey);
      if (held !== undefined) {
        if (held.length < MAX_HELD_FRAMES) held.push(payload);
        continue;
      }
      if (!client.keys.has(socketKey)) continue;
      if (send(client.socket, payload)) reached += 1;
    }
    return reached;
  }
}
