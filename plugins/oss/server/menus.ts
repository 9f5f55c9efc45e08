import { ALLOWED_TYPES, menuPage, type DictSeed, type PluginMenuSeed } from '../../../server/kit';
import { OSS_FILE_TYPE_DICT, OSS_PERMISSIONS } from '../entities';

/** 文件管理 (OSS files), hung in 系统管理 after 租户管理. */
export const ossMenus: PluginMenuSeed[] = [
  {
    ...menuPage('文件管理', '/system/ossFile', 'modules/oss/OSSFileList', {
      buttons: [
        { title: '文件列表', perms: OSS_PERMISSIONS.list, type: '1' },
        { title: '上传文件', perms: OSS_PERMISSIONS.upload, type: '1' },
        { title: '删除文件', perms: OSS_PERMISSIONS.delete, type: '1' },
        { title: '批量删除文件', perms: OSS_PERMISSIONS.deleteBatch, type: '1' },
        { title: '下载文件', perms: OSS_PERMISSIONS.download, type: '1' },
      ],
    }),
    parent: '/system',
    sortNo: 11,
  },
];

/** The file types an upload may have, as the upload checks them (server/routes/upload-files.ts). */
export const ossDicts: DictSeed[] = [{ code: OSS_FILE_TYPE_DICT, name: '文件类型', items: Object.keys(ALLOWED_TYPES).map((ext) => [ext, ext.toUpperCase()]) }];
