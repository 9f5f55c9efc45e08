import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/** The dictionary of the file types an upload may have (the extension, lower case). */
export const OSS_FILE_TYPE_DICT = 'oss_file_type';

/** 文件管理 routes: the list comes from the entity, the rest touch the stored objects too. */
export const OSS_FILE_API = {
  list: '/sys/oss/file/list',
  delete: '/sys/oss/file/delete',
  deleteBatch: '/sys/oss/file/deleteBatch',
  download: '/sys/oss/file/download',
  upload: '/oss/file/upload',
} as const;

export const OSS_PERMISSIONS = {
  list: 'system:oss:list',
  upload: 'system:oss:upload',
  delete: 'system:oss:delete',
  deleteBatch: 'system:oss:deleteBatch',
  download: 'system:oss:download',
} as const;

/**
 * Stored files (core table sys_file, one row per successful upload, written by the upload routes):
 * read-only here; the file management screen lists, downloads and deletes them.
 */
export const ossFileEntity = defineEntity({
  table: 'sys_file',
  api: '/sys/oss/file',
  permission: 'system:oss',
  tenantScoped: true,
  title: 'oss:title',
  fields: {
    fileName: { type: 'string', label: 'oss:fields.fileName', max: 255, search: 'like', sortable: true, readonly: true },
    fileType: { type: 'dict', label: 'oss:fields.fileType', dict: OSS_FILE_TYPE_DICT, max: 20, search: 'eq', readonly: true },
    fileSize: { type: 'int', label: 'oss:fields.fileSize', sortable: true, readonly: true },
    // When it was uploaded: the row's creation time, filtered by a range and sorted on.
    uploadTime: { type: 'datetime', label: 'oss:fields.uploadTime', column: 'create_time', search: 'range', sortable: true, readonly: true },
    // Who uploaded it: a staff member's username, or the member whose review picture it is (the reviews plugin records
    // a member's upload under the member's id); shown by name, linked to the member.
    uploader: { type: 'string', label: 'oss:fields.uploader', column: 'create_by', max: 50, ref: ['user', 'member'], readonly: true },
    fileKey: { type: 'string', label: 'oss:fields.fileKey', max: 500, list: false, readonly: true },
    storage: { type: 'string', label: 'oss:fields.storage', max: 10, list: false, readonly: true },
    biz: { type: 'string', label: 'oss:fields.biz', max: 32, list: false, readonly: true },
  },
});

export type OssFileRecord = EntityRecord<typeof ossFileEntity>;
