import { randomBytes } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, businessError, ok } from '../http/envelope';
import { invalidInput, Line, MULTIPART_INPUT, params, query } from '../http/schemas';
import { isMultipartFailure, MSG_BAD_MULTIPART } from '../http/errors';
import { Type } from 'typebox';
import { newId } from '../db/ids';
import { isSafeKey, type StoredObject } from '../storage';
import { allowedTypeOf, BIZ_PATTERN, DEFAULT_BIZ, hasUnsafeNameCharacters, looksExecutable } from './upload-files';

export const UPLOAD_PATHS = {
  commonUpload: '/sys/common/upload',
  ossUpload: '/oss/file/upload',
  staticFiles: '/sys/common/static',
  pdfPreview: '/sys/common/pdf/pdfPreviewIframe',
} as const;

export const MSG_NO_FILE = '未找到上传的文件';
export const MSG_BAD_BIZ = '非法的业务路径';
export const MSG_TYPE_REFUSED = '不允许上传该类型的文件';
export const MSG_EXECUTABLE = '不允许上传可执行文件';
export const MSG_CONTENT_MISMATCH = '文件内容与扩展名不符';
export const MSG_UNSAFE_FILE_NAME = '文件名不能包含控制字符或改变文字方向的字符';
export const msgTooLarge = (maxBytes: number) => `文件大小超过限制(${Math.round(maxBytes / 1024 / 1024)}MB)`;

interface StoredFile {
  name: string;
  /** The store's key, `/`-separated: `<biz>/<random>.<ext>`. */
  path: string;
  size: number;
}

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const field = file.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  if (one === undefined || one.type !== 'field') return undefined;
  return typeof one.value === 'string' ? one.value : undefined;
}

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The name the file had on the uploader's machine, without any folder (either separator), at most 255 characters. */
function originalName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return (base.trim() || 'file').slice(-255);
}

/**
 * Reads the one file of the request, checks biz, extension, sniffed content and size, stores it in the
 * file store under a random key and records it (sys_file, the caller's tenant). Client path segments
 * never reach the store: only the validated biz folder.
 */
async function storeUpload(request: FastifyRequest, ctx: AppContext, bizField: string): Promise<{ stored: StoredFile; file: MultipartFile }> {
  const maxBytes = ctx.config.uploadMaxBytes;
  let file: MultipartFile | undefined;
  let content: Buffer;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (file === undefined) throw businessError(MSG_NO_FILE);
    content = await file.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw businessError(msgTooLarge(maxBytes));
    if (error instanceof ApiError) throw error;
    // A body without a boundary or cut short is a bad request, not a missing file.
    if (isMultipartFailure(error)) throw invalidInput('', MSG_BAD_MULTIPART);
    throw businessError(MSG_NO_FILE);
  }
  const biz = fieldValue(file, bizField)?.trim() || DEFAULT_BIZ;
  if (!BIZ_PATTERN.test(biz)) throw businessError(MSG_BAD_BIZ);
  if (hasUnsafeNameCharacters(file.filename)) throw invalidInput('', MSG_UNSAFE_FILE_NAME);
  const head = content.subarray(0, 4096);
  if (looksExecutable(head)) throw businessError(MSG_EXECUTABLE);
  const allowed = allowedTypeOf(file.filename);
  if (allowed === null) throw businessError(MSG_TYPE_REFUSED);
  if (!allowed.type.sniff(head)) throw businessError(MSG_CONTENT_MISMATCH);

  const key = `${biz}/${randomBytes(16).toString('hex')}.${allowed.ext}`;
  const name = originalName(file.filename);
  await ctx.files.put(key, content, { contentType: allowed.type.mime });
  try {
    await ctx.db
      .insertInto('sys_file')
      .values({
        id: newId(),
        tenant_id: request.tenantId ?? 0,
        file_name: name,
        file_key: key,
        file_type: allowed.ext,
        file_size: content.length,
        storage: ctx.files.kind,
        biz,
        create_by: request.auth?.username ?? null,
      })
      .execute();
  } catch (error) {
    // No stored object without its record: 文件管理 could never list or delete it.
    await ctx.files.delete(key).catch(() => undefined);
    throw error;
  }
  return { stored: { name, path: key, size: content.length }, file };
}

/** A stored file as its checked type; private and never kept unless the caller says otherwise (the storefront's pictures). */
export async function sendStored(reply: FastifyReply, stored: StoredObject, fileName: string, cacheControl = 'private, no-store'): Promise<FastifyReply> {
  const allowed = allowedTypeOf(fileName);
  const inline = allowed?.type.inline === true;
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${path.basename(fileName)}"`);
  reply.header('Cache-Control', cacheControl);
  reply.header('Content-Length', stored.size);
  // The type follows the checked extension, never what a store answers for the object.
  reply.type(allowed?.type.mime ?? 'application/octet-stream');
  return reply.send(stored.body);
}

/** Uploads (docs/spec.md §7 Upload), the stored files and the PDF preview. Every route needs a session. */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.uploadMaxBytes;
  const files = ctx.files;
  const access = { access: 'authenticated' as const };

  // Multipart parsing lives in this scope only, so no other route accepts multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });

    scope.post(UPLOAD_PATHS.commonUpload, { config: access, schema: MULTIPART_INPUT }, async (request) => {
      const { stored } = await storeUpload(request, ctx, 'biz');
      return ok(stored, stored.path);
    });

    scope.post(UPLOAD_PATHS.ossUpload, { config: access, schema: MULTIPART_INPUT }, async (request) => {
      const { stored, file } = await storeUpload(request, ctx, 'biz');
      const id = fieldValue(file, 'id')?.slice(0, 64) ?? randomBytes(16).toString('hex');
      return ok({ id, name: stored.name, path: stored.path, url: stored.path, status: 'done', size: stored.size }, stored.path);
    });
  });

  app.get<{ Params: { '*': string } }>(`${UPLOAD_PATHS.staticFiles}/*`, { config: access, schema: { params: params({ '*': Line(1000) }) } }, async (request, reply) => {
    const key = request.params['*'];
    const stored = isSafeKey(key) ? await files.get(key) : null;
    if (stored === null) return reply.callNotFound();
    return sendStored(reply, stored, key);
  });

  app.get<{ Querystring: { path?: unknown } }>(UPLOAD_PATHS.pdfPreview, { config: access, schema: { querystring: query({ path: Type.Optional(Line(1000)) }) } }, async (request, reply) => {
    const key = typeof request.query.path === 'string' ? request.query.path : '';
    const pdf = allowedTypeOf(key);
    if (!isSafeKey(key) || pdf?.ext !== 'pdf') return reply.callNotFound();
    const head = await files.readStart(key, 16);
    if (head === null || !pdf.type.sniff(head)) return reply.callNotFound();
    const stored = await files.get(key);
    if (stored === null) return reply.callNotFound();
    // The PDF itself, inline: the client fetches it with the token and shows it from a blob in an iframe.
    return sendStored(reply, stored, key);
  });
}
