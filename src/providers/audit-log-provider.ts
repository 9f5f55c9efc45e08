import type { AuditLogProvider } from '@refinedev/core';
import { DATA_LOG_HISTORY_PATH, type DataLogVersion } from '../contracts/data-log';
import { unwrap } from './data-provider';
import { http } from './http';

/**
 * Refine's audit-log provider over the server's data log (数据日志). The server writes a record's history itself,
 * with every change the CRUD engine makes (so a change made by another client or an import path is there too);
 * the client only reads it. `get` takes the entity's table as `resource` and the record id as `meta.id`.
 */
export const auditLogProvider: AuditLogProvider = {
  get: async ({ resource, meta }) => {
    const id = meta?.id;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return unwrap(await http.get<DataLogVersion[]>(DATA_LOG_HISTORY_PATH, { dataTable: resource, dataId: String(id) }));
  },
  // Refine calls `create` only for resources that declare `meta.audit`; none does, since the server logs every write.
  create: async () => null,
  // Log entries are not renamed: a history is what happened.
  update: async () => {
    throw new Error('The data log is read-only');
  },
};
