import { definePlugin } from '../../src/app/plugin-registry';
import { ANNOUNCEMENT_API } from '../../src/contracts/announcements';
import { announcementEntity } from './entities';

/** Announcements: the administration list and my messages (opened by the bell's 'view more'). */
export default definePlugin({
  name: 'announcements',
  resources: [{ name: announcementEntity.table, meta: { api: ANNOUNCEMENT_API.base, permission: announcementEntity.permission } }],
  pages: {
    'system/SysAnnouncementList': () => import('./pages/announcement-admin-list'),
    'system/UserAnnouncementList': () => import('./pages/my-announcements'),
  },
});
