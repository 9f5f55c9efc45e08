import type { FastifyInstance } from 'fastify';
import { businessError, DictCodeParam, MSG_DICT_CODE_EMPTY, MSG_DICT_NOT_FOUND, ok, params, query, type AppContext } from '../../../server/kit';

const MAX_KEYS = 200;
const MAX_PAGE_SIZE = 100;

type Query = Record<string, unknown>;

function param(query: unknown, name: string): string {
  const value: unknown = typeof query === 'object' && query !== null ? (query as Query)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * Key translation and search-as-you-type (docs/reference/jeecg-conventions.md §5.1) over registered codes only: system
 * dictionaries and the server's table-dictionary registry — never a `table,text,code` string.
 */
export function registerDictLookupRoutes(api: FastifyInstance, ctx: AppContext): void {
  const byCode = { params: params({ dict: DictCodeParam }), querystring: query({}) };
  async function itemsOf(code: string, tenantId: number | null) {
    const trimmed = code.trim();
    if (trimmed === '') throw businessError(MSG_DICT_CODE_EMPTY);
    const items = await ctx.dictionaries.items(trimmed, tenantId ?? 0);
    if (items === null) throw businessError(MSG_DICT_NOT_FOUND);
    return items;
  }

  api.get<{ Params: { dict: string } }>('/sys/dict/loadDictItem/:dict', { config: { access: 'authenticated' }, schema: byCode }, async (request) => {
    const items = await itemsOf(request.params.dict, request.tenantId);
    const keepMissing = param(request.query, 'delNotExist') === 'false';
    const keys = param(request.query, 'key').split(',').map((key) => key.trim()).filter((key) => key !== '').slice(0, MAX_KEYS);
    const texts = keys.flatMap((key) => {
      const text = items.find((item) => item.value === key)?.text;
      return text !== undefined ? [text] : keepMissing ? [key] : [];
    });
    return ok(texts);
  });

  api.get<{ Params: { dict: string } }>('/sys/dict/loadDict/:dict', { config: { access: 'authenticated' }, schema: byCode }, async (request) => {
    const items = await itemsOf(request.params.dict, request.tenantId);
    const keyword = param(request.query, 'keyword').trim().toLowerCase();
    const size = Number(param(request.query, 'pageSize'));
    const pageSize = Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : 10;
    const matches = keyword === '' ? items : items.filter((item) => item.text.toLowerCase().includes(keyword) || item.value.toLowerCase().includes(keyword));
    return ok(matches.slice(0, pageSize));
  });
}
