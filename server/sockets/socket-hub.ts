import type { WebSocket } from 'ws';
import { IMPORT_PROGRESS_KEY_PREFIX, TABLE_MESSAGE, type LiveRow, type NoticeMessage, type TableFrame } from '../../src/contracts/live';
import type { BusPayload, MessageBus } from '../bus/message-bus';

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

/** The bus channel on which instances pass each other their socket pushes. */
export const SOCKETS_BUS_CHANNEL = 'sockets';

/** What travels on the bus: the push as the publishing instance made it, for the other instances' local sockets. */
type RemotePush =
  | { kind: 'users'; userIds: string[]; message: NoticeMessage }
  | { kind: 'all'; message: NoticeMessage }
  | { kind: 'table'; socketKey: string; payload: string; tenantId?: number | null }
  | { kind: 'userTable'; userId: string; socketKey: string; payload: string };

function isNoticeMessage(value: unknown): value is NoticeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { cmd, msgId, msgTxt } = value as Record<string, unknown>;
  return typeof cmd === 'string' && typeof msgId === 'string' && typeof msgTxt === 'string';
}

function asRemotePush(payload: BusPayload): RemotePush | null {
  const { kind } = payload;
  if (kind === 'users') {
    const { userIds, message } = payload;
    return Array.isArray(userIds) && userIds.every((id) => typeof id === 'string') && isNoticeMessage(message) ? { kind, userIds: userIds as string[], message } : null;
  }
  if (kind === 'all') return isNoticeMessage(payload.message) ? { kind, message: payload.message } : null;
  if (kind === 'table') {
    const { socketKey, payload: frame, tenantId } = payload;
    if (typeof socketKey !== 'string' || typeof frame !== 'string') return null;
    if (tenantId !== undefined && tenantId !== null && typeof tenantId !== 'number') return null;
    return tenantId === undefined ? { kind, socketKey, payload: frame } : { kind, socketKey, payload: frame, tenantId };
  }
  if (kind === 'userTable') {
    const { userId, socketKey, payload: frame } = payload;
    return typeof userId === 'string' && typeof socketKey === 'string' && typeof frame === 'string' ? { kind, userId, socketKey, payload: frame } : null;
  }
  return null;
}

function send(socket: WebSocket, payload: string): boolean {
  if (socket.readyState !== OPEN) return false;
  socket.send(payload);
  return true;
}

/**
 * Who is connected and what they listen to. Every push goes to named users or to subscribers of one
 * key; nothing a client sends is ever relayed to everyone.
 *
 * With a bus (several instances on one PostgreSQL), every push is delivered to this instance's sockets
 * AND published; a push heard from another instance goes to this instance's sockets only, never on again.
 * The counts returned are this instance's deliveries.
 */
export class SocketHub {
  private readonly noticeSockets = new Map<string, Set<WebSocket>>();
  private readonly tableClients = new Set<TableClient>();
  /** Keys whose rows only the server publishes, with what a subscriber needs and may read. */
  private readonly serverChannels = new Map<string, ServerChannel>();
  private readonly unsubscribe: (() => void) | null;

  constructor(
    private readonly bus: MessageBus | null = null,
    private readonly onBusError: (error: unknown) => void = () => undefined,
  ) {
    this.unsubscribe =
      bus === null
        ? null
        : bus.subscribe(SOCKETS_BUS_CHANNEL, (payload) => {
            const push = asRemotePush(payload);
            if (push !== null) this.deliverRemote(push);
          });
  }

  /** Stops hearing other instances (the bus itself is closed by its owner). */
  detach(): void {
    this.unsubscribe?.();
  }

  /** Closes every socket of this instance with `code` (1001 going away on shutdown: clients reconnect elsewhere). */
  closeAll(code: number, reason: string): number {
    let closed = 0;
    for (const sockets of this.noticeSockets.values()) {
      for (const socket of sockets) {
        if (socket.readyState === OPEN) closed += 1;
        socket.close(code, reason);
      }
    }
    for (const client of this.tableClients) {
      if (client.socket.readyState === OPEN) closed += 1;
      client.socket.close(code, reason);
    }
    return closed;
  }

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
    this.share({ kind: 'users', userIds: [...new Set(userIds)], message });
    return this.sendToLocalUsers(userIds, message);
  }

  private sendToLocalUsers(userIds: readonly string[], message: NoticeMessage): number {
    let reached = 0;
    for (const userId of new Set(userIds)) {
      const payload = JSON.stringify(message.cmd === 'user' ? { ...message, userId } : message);
      for (const socket of this.noticeSockets.get(userId) ?? []) if (send(socket, payload)) reached += 1;
    }
    return reached;
  }

  /** Pushes a notice to every connected user (an announcement to all users). */
  broadcast(message: NoticeMessage): number {
    this.share({ kind: 'all', message });
    return this.sendToLocalUsers([...this.noticeSockets.keys()], message);
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

  /** Keys only the server speaks on: registered channels, and every import's progress key (a page may not fake one). */
  isServerChannel(socketKey: string): boolean {
    return this.serverChannels.has(socketKey) || socketKey.startsWith(IMPORT_PROGRESS_KEY_PREFIX);
  }

  /** Tells the subscribers of a list that a row changed (`update_vxe_table`, docs/spec.md §7 Sockets). */
  publishRowUpdate(socketKey: string, row: LiveRow, options: PublishOptions = {}): number {
    const frame: TableFrame = { type: TABLE_MESSAGE.updateRow, data: { socketKey, args: [this.readableRow(socketKey, row), SERVER_CASE_ID] } };
    const payload = JSON.stringify(frame);
    this.shareTable(socketKey, payload, options.tenantId);
    return this.publish(socketKey, payload, null, options.tenantId);
  }

  /** Relays a validated client frame to the other subscribers of its key in the sender's tenant (on every instance). */
  relay(sender: TableClient, socketKey: string, frame: TableFrame): number {
    const payload = JSON.stringify(frame);
    this.shareTable(socketKey, payload, sender.tenantId);
    return this.publish(socketKey, payload, sender, sender.tenantId);
  }

  /**
   * A frame for one user's own table sockets that listen to `socketKey` (an import's progress): no other user's socket
   * gets it, whatever it subscribed to. Returns how many of this instance's sockets got it.
   */
  sendToUserTables(userId: string, socketKey: string, frame: TableFrame): number {
    const payload = JSON.stringify(frame);
    this.share({ kind: 'userTable', userId, socketKey, payload });
    return this.sendToLocalUserTables(userId, socketKey, payload);
  }

  private sendToLocalUserTables(userId: string, socketKey: string, payload: string): number {
    let reached = 0;
    for (const client of this.tableClients) {
      if (client.userId === userId && client.keys.has(socketKey) && send(client.socket, payload)) reached += 1;
    }
    return reached;
  }

  private shareTable(socketKey: string, payload: string, tenantId: number | null | undefined): void {
    this.share(tenantId === undefined ? { kind: 'table', socketKey, payload } : { kind: 'table', socketKey, payload, tenantId });
  }

  private share(push: RemotePush): void {
    if (this.bus === null) return;
    this.bus.publish(SOCKETS_BUS_CHANNEL, push).catch((error: unknown) => this.onBusError(error));
  }

  /** A push another instance made: to this instance's sockets only. */
  private deliverRemote(push: RemotePush): void {
    if (push.kind === 'users') this.sendToLocalUsers(push.userIds, push.message);
    else if (push.kind === 'all') this.sendToLocalUsers([...this.noticeSockets.keys()], push.message);
    else if (push.kind === 'userTable') this.sendToLocalUserTables(push.userId, push.socketKey, push.payload);
    else this.publish(push.socketKey, push.payload, null, push.tenantId);
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
