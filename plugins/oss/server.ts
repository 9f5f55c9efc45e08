import { defineServerPlugin } from '../../server/plugin-api';
import { ossMenus } from './server/menus';

/** 文件管理: uploaded files on the local disk or an S3-compatible object store. */
export default defineServerPlugin({ name: 'oss', menus: ossMenus });
