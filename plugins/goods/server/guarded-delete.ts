import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { permissionCode, type EntityDefinition } from '../../../src/contracts/entity';
import { businessError, ID_PATTERN, inTransaction, MAX_IDS, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, permission, queryText, tenantOf, TEXT_QUERY, type Database } from '../../../server/kit';

/**
 * `delete` and `deleteBatch` for an entity whose rows may only go when nothing depends on them (a
 * category with children or goods, a type with attributes, a brand with goods). The engine's delete has
 * no such hook, so the entity registers without it and gets these: same paths, permission codes and
 * messages as the engine's, plus the refusal. The check and the delete share one transaction.
 */

export interface DeleteGuard {
  /** A refusal message when these rows may not be deleted, else null; runs inside the delete's transaction. */
  refuse: (trx: Transaction<Database>, ids: readonly string[]) => Promise<string | null>;
  /** Extra work after the rows are gone (same transaction). */
  after?: (trx: Transaction<Database>, ids: readonly string[]) => Promise<void>;
}

/** The ids of a deleteBatch (the client leaves a trailing comma). */
export function idsOf(request: FastifyRequest): string[] {
  return [...new Set(queryText(request, 'ids').split(',').map((id) => id.trim()).filter((id) => ID_PATTERN.test(id)))];
}

/** The one id of a delete, or none when it is malformed. */
export function idOf(request: FastifyRequest): string[] {
  const id = queryText(request, 'id');
  return ID_PATTERN.test(id) ? [id] : [];
}

export function registerGuardedDelete(api: FastifyInstance, entity: EntityDefinition, guard: DeleteGuard): void {
  const db = api.db;
  const remove = async (request: FastifyRequest, ids: string[]): Promise<void> => {
    if (ids.length === 0 || ids.length > MAX_IDS) throw businessError(MSG_NOT_FOUND_RECORD);
    await inTransaction(db, async (trx) => {
      const tenant = entity.tenantScoped ? sql`and tenant_id = ${tenantOf(request)}` : sql``;
      const found = await sql<{ id: string }>`select id from ${sql.id(entity.table)} where id in (${sql.join(ids)}) ${tenant} for update`.execute(trx);
      if (found.rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      const existing = found.rows.map((row) => row.id);
      const refusal = await guard.refuse(trx, existing);
      if (refusal !== null) throw businessError(refusal);
      await sql`delete from ${sql.id(entity.table)} where id in (${sql.join(existing)}) ${tenant}`.execute(trx);
      await guard.after?.(trx, existing);
    });
  };

  api.delete(`${entity.api}/delete`, { ...permission(permissionCode(entity, 'delete')), schema: TEXT_QUERY }, async (request) => {
    await remove(request, idOf(request));
    return ok(null, MSG_DELETED);
  });

  api.delete(`${entity.api}/deleteBatch`, { ...permission(permissionCode(entity, 'deleteBatch')), schema: TEXT_QUERY }, async (request) => {
    await remove(request, idsOf(request));
    return ok(null, MSG_BATCH_DELETED);
  });
}
