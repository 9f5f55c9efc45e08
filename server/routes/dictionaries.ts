import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { AppContext } from '../context';
import { businessError, ok } from '../http/envelope';
import { DictCodeParam, NO_INPUT, params } from '../http/schemas';

export const MSG_DICT_CODE_EMPTY = '字典Code不能为空!';
export const MSG_DICT_NOT_FOUND = '字典不存在';

export function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { dictionaries } = ctx;

  app.get<{ Params: { dictCode: string } }>(`${API.dictItems}/:dictCode`, { config: { access: 'authenticated' }, schema: { params: params({ dictCode: DictCodeParam }) } }, async (request) => {
    const code = request.params.dictCode.trim();
    if (code === '') throw businessError(MSG_DICT_CODE_EMPTY);
    // Only registered codes resolve; a `table,text,code` string or anything else is simply unknown.
    const items = await dictionaries.items(code, request.tenantId ?? 0);
    if (items === null) throw businessError(MSG_DICT_NOT_FOUND);
    return ok(items);
  });

  app.get(API.allDictItems, { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => ok(await dictionaries.systemDictionaries()));

  app.get(API.refreshDictCache, { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => {
    dictionaries.clearCache();
    return ok(null, '刷新缓存完成！');
  });
}
