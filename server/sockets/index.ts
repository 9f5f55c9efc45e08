import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  MAX_LIVE_PAYLOAD_BYTES,
  NOTICE_HEARTBEAT,
  NOTICE_HEARTBEAT_REPLY,
  SOCKET_ID_PATTERN,
  SOCKET_PATHS,
  TABLE_MESSAGE,
} from '../../src/contracts/live';
import type { AppContext } from '../context';
import { forbidden } from '../http/envelope';
import { Line, params, query } from '../http/schemas';
import { findActiveUserById, hasPermission } from '../services/users';
import { SocketHub, type TableClient } from './socket-hub';
import { parseClientTableFrame, type ClientTableFrame } from './table-frames';
import { moveUpgradeCredentials } from './upgrade-credentials';

export { SocketHub, SERVER_CASE_ID } from './socket-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes to the notice and table sockets (server/sockets). */
    sockets: SocketHub;
  }
}

/** Close code when the session behind a socket has ended (logout, expiry, frozen user). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code on shutdown (RFC 6455 "going away"): the client reconnects, through the load balancer to another instance. */
export const CLOSE_GOING_AWAY = 1001;
const MAX_KEYS_PER_SOCKET = 50;

interface UserParams {
  userId: string;
  pageId?: string;
}

function textOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The socket belongs to the token's user (docs/reference/jeecg-conventions.md §8.3 rule 9): another user's id is refused. */
async function bindToTokenUser(request: FastifyRequest<{ Params: UserParams }>): Promise<void> {
  const { userId, pageId } = request.params;
  if (request.auth === null || request.auth.userId !== userId) throw forbidden();
  if (pageId !== undefined && !SOCKET_ID_PATTERN.test(pageId)) throw forbidden();
}

/**
 * The notice socket `{api}/websocket/:userId` and the table socket `{api}/vxeSocket/:userId/:pageId`,
 * authenticated on upgrade by the ordinary access gate, plus `app.sockets` for pushing to them.
 */
export async function registerSockets(app: FastifyInstance, ctx: AppContext): Promise<SocketHub> {
  // Pushes reach the sockets of every instance through the bus (server/bus); heard pushes stay local.
  const hub = new SocketHub(ctx.bus, (error) => app.log.error({ err: error }, 'socket push not shared on the bus'));
  app.decorate('sockets', hub);
  // Before the websocket plugin's own preClose (which closes without a code): tell clients to reconnect.
  app.addHook('preClose', async () => {
    hub.closeAll(CLOSE_GOING_AWAY, 'server going away');
  });
  app.addHook('onClose', async () => {
    hub.detach();
  });
  const apiBase = ctx.config.apiBase;
  const prefixes = [`${apiBase}${SOCKET_PATHS.notice}/`, `${apiBase}${SOCKET_PATHS.table}/`];
  app.server.prependListener('upgrade', (request) => moveUpgradeCredentials(request, prefixes));
  // Rows and args are capped at 64 KB; the frame around them needs a little more.
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_LIVE_PAYLOAD_BYTES + 8 * 1024 } });
  // An upgrade refused by the access gate (which runs before the websocket plugin's own hooks) got an
  // HTTP answer on a socket no server tracks any more: end it, or it lingers and blocks shutdown.
  app.addHook('onResponse', async (request) => {
    if (request.raw.headers.upgrade !== undefined && !request.raw.socket.destroyed) request.raw.socket.destroy();
  });

  // A socket lives longer than a request: its session is checked again on every heartbeat.
  async function sessionStillValid(request: FastifyRequest): Promise<boolean> {
    const auth = request.auth;
    if (auth === null) return false;
    const claims = await ctx.tokens.authenticate(auth.token);
    return claims !== null && claims.userId === auth.userId && (await findActiveUserById(ctx.db, auth.userId)) !== undefined;
  }

  function onNoticeSocket(socket: WebSocket, request: FastifyRequest<{ Params: UserParams }>): void {
    const remove = hub.addNoticeSocket(request.params.userId, socket);
    socket.on('close', remove);
    socket.on('message', (data, isBinary) => {
      const text = textOf(data, isBinary);
      if (text !== NOTICE_HEARTBEAT) {
        request.log.debug('notice socket: ignored a client frame');
        return;
      }
      void sessionStillValid(request).then((valid) => {
        if (valid) socket.send(JSON.stringify(NOTICE_HEARTBEAT_REPLY));
        else socket.close(CLOSE_SESSION_ENDED, 'session ended');
      });
    });
  }

  async function handleTableFrame(client: TableClient, frame: ClientTableFrame, request: FastifyRequest): Promise<void> {
    switch (frame.type) {
      case 'heart_beat':
        if (await sessionStillValid(request)) client.socket.send(JSON.stringify({ type: TABLE_MESSAGE.heartBeat, data: true }));
        else client.socket.close(CLOSE_SESSION_ENDED, 'session ended');
        return;
      case 'subscribe': {
        const key = frame.socketKey;
        if (client.keys.has(key) || client.keys.size >= MAX_KEYS_PER_SOCKET) return;
        const permission = hub.channelPermission(key);
        // Rows published while the permission is checked are held, then delivered or dropped.
        client.pending.set(key, []);
        const allowed = permission === undefined || (await hasPermission(ctx.db, client.userId, permission));
        const held = client.pending.get(key) ?? [];
        client.pending.delete(key);
        if (!allowed) {
          request.log.info({ socketKey: key }, 'table socket: subscription refused (permission)');
          return;
        }
        client.keys.add(key);
        for (const payload of held) if (client.socket.readyState === client.socket.OPEN) client.socket.send(payload);
        return;
      }
      case 'unsubscribe':
        client.keys.delete(frame.socketKey);
        return;
      case 'update_vxe_table':
        // Only the server publishes on its own channels; a page relays only on keys it listens to.
        if (hub.isServerChannel(frame.socketKey) || !client.keys.has(frame.socketKey)) return;
        hub.relay(client, frame.socketKey, {
          type: TABLE_MESSAGE.updateRow,
          data: { socketKey: frame.socketKey, args: frame.caseId === null ? [frame.row] : [frame.row, frame.caseId] },
        });
        return;
      case 'common_send_date':
        if (hub.isServerChannel(frame.key) || !client.keys.has(frame.key)) return;
        hub.relay(client, frame.key, { type: TABLE_MESSAGE.commonSend, data: { key: frame.key, args: frame.args } });
        return;
    }
  }

  function onTableSocket(socket: WebSocket, request: FastifyRequest<{ Params: UserParams }>): void {
    const client: TableClient = {
      socket,
      userId: request.params.userId,
      tenantId: request.tenantId,
      pageId: request.params.pageId ?? '',
      keys: new Set(),
      pending: new Map(),
    };
    const remove = hub.addTableClient(client);
    socket.on('close', remove);
    // Frames are handled in order: a subscribe must settle before the update that follows it.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      const text = textOf(data, isBinary);
      const frame = text === null ? null : parseClientTableFrame(text);
      if (frame === null) {
        request.log.debug('table socket: ignored an unparsable or unknown frame');
        return;
      }
      queue = queue
        .then(() => handleTableFrame(client, frame, request))
        .catch((error: unknown) => request.log.warn({ err: error }, 'table socket: frame failed'));
    });
  }

  await app.register(
    async (api) => {
      api.get<{ Params: UserParams }>(
        `${SOCKET_PATHS.notice}/:userId`,
        { websocket: true, config: { access: 'authenticated' }, schema: { params: params({ userId: Line(64) }), querystring: query({}) }, preValidation: bindToTokenUser },
        onNoticeSocket,
      );
      api.get<{ Params: UserParams }>(
        `${SOCKET_PATHS.table}/:userId/:pageId`,
        { websocket: true, config: { access: 'authenticated' }, schema: { params: params({ userId: Line(64), pageId: Line(64) }), querystring: query({}) }, preValidation: bindToTokenUser },
        onTableSocket,
      );
    },
    { prefix: apiBase },
  );
  return hub;
}
