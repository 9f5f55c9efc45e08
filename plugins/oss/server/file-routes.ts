import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowedTypeOf, businessError, Id, IdList, MAX_IDS, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, permission, query, registerEntityRoutes, tenantOf, type AppContext, type LabelResolver } from '../../../server/kit';
import { OSS_FILE_API, OSS_PERMISSIONS, ossFileEntity } from '../entities';

export const MSG_FILE_GONE = '文件不存在或已被删除';
export const MSG_STORE_FAILED = '删除存储的文件失败，请稍后重试';

interface FileRow {
  id: string;
  file_name: string;
  file_key: string;
}

/** `attachment` with the original name: a plain ASCII fallback and the exact name in RFC 5987 `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function idsOf(raw: string): string[] {
  // The client leaves a trailing comma (docs/reference/jeecg-conventions.md §2.1).
  return [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => id !== ''))].slice(0, MAX_IDS);
}

/**
 * 文件管理: the list of the tenant's stored files (generic list engine: filters, sort, paging), and
 * delete / batch delete / download, which also reach the stored object in the file store.
 */
export async function registerOssFileRoutes(api: FastifyInstance, ctx: AppContext, labels: LabelResolver): Promise<void> {
  await registerEntityRoutes(api, ossFileEntity, { labels, actions: ['list'] });

  async function rowsOf(request: FastifyRequest, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return ctx.db.selectFrom('sys_file').select(['id', 'file_name', 'file_key']).where('tenant_id', '=', tenantOf(request)).where('id', 'in', [...ids]).execute();
  }

  /** The stored objects first (a missing one is no error), then the rows: a failing store keeps the rows to retry. */
  async function removeFiles(request: FastifyRequest, rows: readonly FileRow[]): Promise<void> {
    for (const row of rows) {
      try {
        await ctx.files.delete(row.file_key);
      } catch (error) {
        request.log.error({ err: error, key: row.file_key }, 'stored file not deleted');
        throw businessError(MSG_STORE_FAILED);
      }
      await ctx.db.deleteFrom('sys_file').where('id', '=', row.id).where('tenant_id', '=', tenantOf(request)).execute();
    }
  }

  api.delete<{ Querystring: { id: string } }>(
    OSS_FILE_API.delete,
    { ...permission(OSS_PERMISSIONS.delete), schema: { querystring: query({ id: Id }) } },
    async (request) => {
      const rows = await rowsOf(request, [request.query.id]);
      if (rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      await removeFiles(request, rows);
      return ok(null, MSG_DELETED);
    },
  );

  api.delete<{ Querystring: { ids: string } }>(
    OSS_FILE_API.deleteBatch,
    { ...permission(OSS_PERMISSIONS.deleteBatch), schema: { querystring: query({ ids: IdList }) } },
    async (request) => {
      const rows = await rowsOf(request, idsOf(request.query.ids));
      if (rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      await removeFiles(request, rows);
      return ok(null, MSG_BATCH_DELETED);
    },
  );

  api.get<{ Querystring: { id: string } }>(
    OSS_FILE_API.download,
    { ...permission(OSS_PERMISSIONS.download), schema: { querystring: query({ id: Id }) } },
    async (request, reply) => {
      const [row] = await rowsOf(request, [request.query.id]);
      if (row === undefined) throw businessError(MSG_NOT_FOUND_RECORD);
      const stored = await ctx.files.get(row.file_key);
      if (stored === null) throw businessError(MSG_FILE_GONE);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      reply.header('Content-Disposition', attachmentDisposition(row.file_name));
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Content-Length', stored.size);
      reply.type(allowedTypeOf(row.file_key)?.type.mime ?? 'application/octet-stream');
      return reply.send(stored.body);
    },
  );
}
