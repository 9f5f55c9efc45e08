import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOCKET_ID_PATTERN, type LiveRow } from '../../src/contracts/live';

export interface LiveEntityOptions {
  /** The entity's API base; also its socket key (a list subscribes to it). */
  socketKey: string;
  /** What a subscriber needs (normally the entity's list permission). */
  permission: string;
  /** Publish only to subscribers of the caller's tenant. */
  tenantScoped?: boolean;
}

/** A deleted row travels as its id with delFlag 1; the client drops it from its lists. */
export const DELETED_FLAG = { delFlag: 1 } as const;

function successfulResult(payload: string): { result: unknown } | null {
  try {
    const envelope: unknown = JSON.parse(payload);
    if (typeof envelope !== 'object' || envelope === null) return null;
    const { success, result } = envelope as { success?: unknown; result?: unknown };
    return success === true ? { result } : null;
  } catch {
    return null;
  }
}

function asRow(value: unknown): LiveRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? (value as LiveRow) : null;
}

function deletedIds(request: FastifyRequest, batch: boolean): string[] {
  const query = request.query as Record<string, unknown>;
  const raw = batch ? query.ids : query.id;
  if (typeof raw !== 'string') return [];
  return raw.split(',').map((id) => id.trim()).filter((id) => SOCKET_ID_PATTERN.test(id));
}

/**
 * Call inside the encapsulated context that registers an entity's CRUD routes: after every
 * successful add/edit the saved record, after delete/deleteBatch the removed ids, go to the table
 * sockets subscribed to `socketKey` — so a list open elsewhere updates in place.
 */
export function publishEntityChanges(api: FastifyInstance, options: LiveEntityOptions): void {
  const { socketKey } = options;
  api.sockets.registerServerChannel(socketKey, options.permission);
  api.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !url.includes(`${socketKey}/`)) return payload;
    const tenant = options.tenantScoped ? { tenantId: request.tenantId } : {};
    const action = url.slice(url.lastIndexOf('/') + 1);
    const succeeded = ['add', 'edit', 'delete', 'deleteBatch'].includes(action) ? successfulResult(payload) : null;
    if (succeeded === null) return payload;
    if (action === 'add' || action === 'edit') {
      const row = asRow(succeeded.result);
      if (row !== null) api.sockets.publishRowUpdate(socketKey, row, tenant);
    } else {
      for (const id of deletedIds(request, action === 'deleteBatch')) api.sockets.publishRowUpdate(socketKey, { id, ...DELETED_FLAG }, tenant);
    }
    return payload;
  });
}
