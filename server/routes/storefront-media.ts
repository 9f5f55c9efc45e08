import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { AppContext } from '../context';
import { Line, params } from '../http/schemas';
import type { PublicMediaCheck, ServerPlugin } from '../plugin-api';
import { isSafeKey } from '../storage';
import { sendStored } from './upload';
import { allowedTypeOf } from './upload-files';

/** Pictures only, whatever a plugin publishes: a key of any other type is no storefront content. */
const PICTURE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

/** Enough of a file to check its signature against its extension (WebP's sits at bytes 8–11). */
const SIGNATURE_BYTES = 16;

/**
 * The bytes under a key never change: uploads are stored under a fresh random name (`<biz>/<32 hex>.<ext>`,
 * server/routes/upload.ts and the reviews' upload) and the local store never overwrites a file, and the demo goods'
 * fixed names (goods-demo/goods-N.png) are written once with the same picture. So a client may keep a picture without
 * asking again (immutable). A day, not a year: what is published can be withdrawn (goods taken off sale, a review
 * hidden), and a shared cache should stop serving it within a day.
 */
const CACHE_CONTROL = `public, max-age=${24 * 60 * 60}, immutable`;

/**
 * The storefront's public, read-only pictures (server/plugin-api.ts `publicMedia`). A key is served only when it names
 * a picture (by extension and by its stored bytes) and some plugin says it shows that picture in the storefront now;
 * every other key, stored or not, gets the same 404, so nothing about the staff's files can be probed from outside.
 * A key is not scoped to a shop: it is random, so whoever names one was shown it by some shop's answer.
 */
export function registerStorefrontMediaRoutes(api: FastifyInstance, ctx: AppContext, plugins: readonly ServerPlugin[]): void {
  const checks: PublicMediaCheck[] = plugins.flatMap((plugin) => (plugin.publicMedia === undefined ? [] : [plugin.publicMedia]));
  const published = async (key: string): Promise<boolean> => {
    for (const check of checks) if (await check(ctx.db, key)) return true;
    return false;
  };

  api.get<{ Params: { '*': string } }>(
    `${API.appMedia}/*`,
    {
      config: { access: 'public' },
      schema: { params: params({ '*': Line(1000) }) },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const picture = allowedTypeOf(key);
      // Checked before any query: a key that is no plain relative path or no picture never reaches a plugin or the store.
      if (!isSafeKey(key) || picture === null || !PICTURE_EXTENSIONS.has(picture.ext)) return reply.callNotFound();
      if (!(await published(key))) return reply.callNotFound();
      const head = await ctx.files.readStart(key, SIGNATURE_BYTES);
      if (head === null || !picture.type.sniff(head)) return reply.callNotFound();
      const stored = await ctx.files.get(key);
      if (stored === null) return reply.callNotFound();
      // Public content: a storefront on another origin may embed it (helmet's default is same-origin), and it may be kept.
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return sendStored(reply, stored, key, CACHE_CONTROL);
    },
  );
}
