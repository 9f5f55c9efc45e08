import { definePlugin } from '../../src/app/plugin-registry';

/** 文件管理: list, upload, preview, download and delete stored files. */
export default definePlugin({ name: 'oss', pages: {} });
