import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { allowedTypeOf, ApiError, businessError, invalidInput, newId, NO_INPUT, ok, unauthorized, withMultipart, type AppContext } from '../../../server/kit';
import { APP_REVIEW_PATHS } from '../entities';

/**
 * A review's pictures, uploaded by the member who writes it (`/app/review/upload`, member tokens): the staff upload
 * routes take no member token. Pictures only (PNG, JPEG, GIF, WebP), their bytes checked against the extension, at
 * most 5 MB (or UPLOAD_MAX_BYTES when lower); stored like every upload (the file store under `review/<random>.<ext>`,
 * and a sys_file row of the member's shop, so 文件管理 lists it) and recorded as the member's (`create_by` the member's
 * id under biz `review`, which 文件管理's 上传人 names as the member), so a review names only its own author's pictures
 * (server/reads.ts checkStoredImages).
 */

export const REVIEW_UPLOAD_BIZ = 'review';
const MAX_REVIEW_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

export const MSG_NO_IMAGE = '未找到上传的图片';
export const MSG_NOT_AN_IMAGE = '只能上传 PNG、JPG、GIF 或 WebP 图片';
export const MSG_IMAGE_CONTENT_MISMATCH = '图片内容与扩展名不符';
export const MSG_BAD_UPLOAD = '上传内容格式不正确';
export const MSG_UNSAFE_IMAGE_NAME = '文件名不能包含控制字符或改变文字方向的字符';
export const msgImageTooLarge = (bytes: number) => `图片大小超过限制(${Math.round(bytes / 1024 / 1024)}MB)`;

/** Controls, and the marks that reorder what follows: a name is stored and shown as it is. */
const UNSAFE_NAME = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function registerReviewUpload(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const maxBytes = Math.min(MAX_REVIEW_IMAGE_BYTES, ctx.config.uploadMaxBytes);
  // Multipart parsing in this scope only, as every upload route of the product.
  await withMultipart(api, (scope) => {
    scope.post(APP_REVIEW_PATHS.upload, { config: { access: 'member' }, schema: NO_INPUT }, async (request) => {
      if (request.member === null) throw unauthorized();
      const { tenantId, memberId } = request.member;
      let file: MultipartFile | undefined;
      let content: Buffer;
      try {
        file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
        if (file === undefined) throw businessError(MSG_NO_IMAGE);
        content = await file.toBuffer();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (isTooLarge(error)) throw businessError(msgImageTooLarge(maxBytes));
        // Not multipart, no boundary, cut short: a malformed request.
        throw invalidInput('', MSG_BAD_UPLOAD);
      }
      if (UNSAFE_NAME.test(file.filename)) throw invalidInput('', MSG_UNSAFE_IMAGE_NAME);
      const allowed = allowedTypeOf(file.filename);
      if (allowed === null || !IMAGE_EXTENSIONS.has(allowed.ext)) throw businessError(MSG_NOT_AN_IMAGE);
      if (!allowed.type.sniff(content.subarray(0, 4096))) throw businessError(MSG_IMAGE_CONTENT_MISMATCH);

      const key = `${REVIEW_UPLOAD_BIZ}/${randomBytes(16).toString('hex')}.${allowed.ext}`;
      const name = (file.filename.split(/[\\/]/).pop() ?? '').trim().slice(-255) || `image.${allowed.ext}`;
      await ctx.files.put(key, content, { contentType: allowed.type.mime });
      try {
        await ctx.db
          .insertInto('sys_file')
          .values({ id: newId(), tenant_id: tenantId, file_name: name, file_key: key, file_type: allowed.ext, file_size: content.length, storage: ctx.files.kind, biz: REVIEW_UPLOAD_BIZ, create_by: memberId })
          .execute();
      } catch (error) {
        // No stored picture without its record: 文件管理 could never list or delete it.
        await ctx.files.delete(key).catch(() => undefined);
        throw error;
      }
      return ok({ path: key, size: content.length }, key);
    });
  });
}
