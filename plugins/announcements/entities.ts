import { defineEntity, type EntityRecord } from '../../src/contracts/entity';
import { ANNOUNCEMENT_API } from '../../src/contracts/announcements';

/** The announcement as the administration list, its form and the server's CRUD engine see it. */
export const announcementEntity = defineEntity({
  table: 'sys_announcement',
  api: ANNOUNCEMENT_API.base,
  permission: 'system:announcement',
  title: 'announcements:admin.title',
  softDelete: true,
  fields: {
    titile: { type: 'string', label: 'announcements:fields.titile', required: true, max: 100, search: 'like', sortable: true },
    msgCategory: { type: 'string', label: 'announcements:fields.msgCategory', required: true, dict: 'msg_category', search: 'eq' },
    priority: { type: 'string', label: 'announcements:fields.priority', required: true, dict: 'priority', search: 'eq', sortable: true },
    msgType: { type: 'string', label: 'announcements:fields.msgType', required: true, max: 10, search: 'eq' },
    sender: { type: 'string', label: 'announcements:fields.sender', max: 100, search: 'like' },
    sendStatus: { type: 'string', label: 'announcements:fields.sendStatus', dict: 'send_status', search: 'eq', readonly: true },
    sendTime: { type: 'datetime', label: 'announcements:fields.sendTime', readonly: true, sortable: true },
    cancelTime: { type: 'datetime', label: 'announcements:fields.cancelTime', readonly: true },
    startTime: { type: 'datetime', label: 'announcements:fields.startTime', list: false },
    endTime: { type: 'datetime', label: 'announcements:fields.endTime', list: false },
    msgAbstract: { type: 'string', label: 'announcements:fields.msgAbstract', max: 500, list: false },
    msgContent: { type: 'text', label: 'announcements:fields.msgContent', max: 200_000 },
    userIds: { type: 'text', label: 'announcements:fields.userIds', max: 20_000 },
    openType: { type: 'string', label: 'announcements:fields.openType', max: 20, list: false },
    openPage: { type: 'string', label: 'announcements:fields.openPage', max: 255, list: false },
    busType: { type: 'string', label: 'announcements:fields.busType', max: 20, list: false },
    busId: { type: 'string', label: 'announcements:fields.busId', max: 64, list: false },
  },
});

export type AnnouncementRecord = EntityRecord<typeof announcementEntity>;

/**
 * The Refine resource of 我的消息 (the caller's received announcements): not an entity of the engine,
 * but named, so the writes that change it (发布, 撤销, 已读) can invalidate it by name.
 */
export const MY_ANNOUNCEMENTS_RESOURCE = 'sys_announcement_send';

/** Permission codes of the administration routes and buttons. */
export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  deleteBatch: 'system:announcement:deleteBatch',
  release: 'system:announcement:release',
  revoke: 'system:announcement:revoke',
} as const;

/** Where openPage may point when openType is 'url': an app path, never a scheme (no javascript:). */
export const OPEN_PAGE_PATTERN = /^\/[A-Za-z0-9/_\-.?=&%]*$/;
