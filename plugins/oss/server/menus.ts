import { menuPage, type PluginMenuSeed } from '../../../server/plugin-api';

/** 文件管理 (OSS files), hung in 系统管理 after 租户管理. */
export const ossMenus: PluginMenuSeed[] = [{ ...menuPage('文件管理', '/system/ossFile', 'modules/oss/OSSFileList'), parent: '/system', sortNo: 11 }];
