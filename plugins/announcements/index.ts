import { definePlugin } from '../../src/app/plugin-registry';
import { ANNOUNCEMENT_API } from '../../src/contracts/announcements';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { announcementEntity, messageEntity, messageTemplateEntity } from './entities';

/** Announcements: the administration list and my messages (opened by the bell's 'view more'); message templates and records. */
export default definePlugin({
  name: 'announcements',
  namespaces: ['message'],
  resources: [{ name: announcementEntity.table, meta: { api: ANNOUNCEMENT_API.base, permission: announcementEntity.permission } }, resourceOf(messageTemplateEntity), resourceOf(messageEntity)],
  pages: {
    'system/SysAnnouncementList': () => import('./pages/announcement-admin-list'),
    'system/UserAnnouncementList': () => import('./pages/my-announcements'),
    'modules/message/SysMessageTemplateList': () => import('./pages/message-template-list'),
    'modules/message/SysMessageList': () => import('./pages/message-list'),
  },
});
