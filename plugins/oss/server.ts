import zhOss from '../../locales/zh-CN/oss.json';
import { defineServerPlugin, localeLabels } from '../../server/kit';
import { registerOssFileRoutes } from './server/file-routes';
import { ossDicts, ossMenus } from './server/menus';

/** 文件管理: uploaded files on the local disk or an S3-compatible object store. */
export default defineServerPlugin({
  name: 'oss',
  menus: ossMenus,
  dicts: ossDicts,
  register: async (api, ctx) => {
    await registerOssFileRoutes(api, ctx, localeLabels({ oss: zhOss }));
  },
});
