import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { ossFileEntity } from './entities';

/** 文件管理: list, upload, preview, download and delete stored files. */
export default definePlugin({
  name: 'oss',
  resources: [resourceOf(ossFileEntity)],
  pages: { 'modules/oss/OSSFileList': () => import('./pages/oss-file-list') },
});
