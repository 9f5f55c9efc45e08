import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { AppContext } from '../context';
import { businessError, ok } from '../http/envelope';

export const MSG_DICT_CODE_EMPTY = '字典Code不能为空!';
export const MSG_DICT_NOT_FOUND = '字典不存在';

export function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { dictionaries } = ctx;

  app.get<{ Params: { dictCode: string } }>(`${API.dictItems}/:dictCode`, { config: { access: 'authenticated' } }, async (request) => {
    const code = request.params.dictCode.trim();
    if (code === '') throw businessError(MSG_DICT_CODE_EMPTY);
    // Only registered codes resolve; a `table,text,code` string or anything else is simply unknown.
    const items = await dictionaries.items(code);
    if (items === null) throw businessError(MSG_DICT_NOT_FOUND);
    return ok(items);
  });

  app.get(API.allDictItems, { config: { access: 'authenticated' } }, async () => ok(await dictionaries.systemDictionaries()));

  app.get(API.refreshDictCache, { config: { access: 'authenticated' } }, async () => {
    dictionaries.clearCache();
    return ok(null, '刷新缓存完成！');
  });
}
