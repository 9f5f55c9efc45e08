import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_FIELDS, DICT_TEXT_SUFFIX, ROW_VERSION_FIELD, fieldEntries, isReadableField, type EntityDefinition } from '../../src/contracts/entity';
import { SOCKET_ID_PATTERN, type LiveRow } from '../../src/contracts/live';

export interface LiveEntityOptions {
  /** The entity's API base; also its socket key (a list subscribes to it). */
  socketKey: string;
  /** What a subscriber needs (normally the entity's list permission). */
  permission: string;
  /** The entity whose readable fields a pushed row may carry (never a password); without it every field but the never-pushed ones. */
  entity?: EntityDefinition;
}

/** A deleted row travels as its id with delFlag 1; the client drops it from its lists. */
export const DELETED_FLAG = { delFlag: 1 } as const;

/** What a list subscriber may read of an entity's record: what its list and queryById return (server/crud/records.ts), and the deletion flag. */
export function readableLiveFields(entity: EntityDefinition): string[] {
  const fields = ['delFlag', ROW_VERSION_FIELD, ...Object.keys(AUDIT_FIELDS), ...(entity.tenantScoped ? ['tenantId'] : [])];
  for (const [name, field] of fieldEntries(entity)) {
    if (!isReadableField(field)) continue;
    fields.push(name);
    if (field.dict !== undefined) fields.push(`${name}${DICT_TEXT_SUFFIX}`);
  }
  return fields;
}

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
 * successful add/edit the saved record (its readable fields), after delete/deleteBatch the removed
 * ids, go to the table sockets of the caller's tenant subscribed to `socketKey` — so a list open
 * elsewhere patches the row in place.
 */
export function publishEntityChanges(api: FastifyInstance, options: LiveEntityOptions): void {
  const { socketKey } = options;
  api.sockets.registerServerChannel(socketKey, options.permission, options.entity === undefined ? undefined : readableLiveFields(options.entity));
  api.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !url.includes(`${socketKey}/`)) return payload;
    // A change is news only to the tenant it was made in.
    const tenant = { tenantId: request.tenantId };
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
