import { defineServerPlugin } from '../../server/kit';
import { registerAnnouncementAdminRoutes } from './server/admin-routes';
import { announcementDicts, announcementMenus } from './server/menus';
import { registerMessageRoutes } from './server/messages/routes';
import { seedMessageTemplates } from './server/messages/seed';
import { announcementMigrations } from './server/migrations';
import { seedAnnouncements } from './server/seed';
import { registerUserAnnouncementRoutes } from './server/user-routes';

/** Announcements and system messages: administration, release to the recipients' sockets, my messages, message templates and records. */
export default defineServerPlugin({
  name: 'announcements',
  menus: announcementMenus,
  dicts: announcementDicts,
  migrations: announcementMigrations,
  register: async (api, ctx) => {
    registerUserAnnouncementRoutes(api, ctx);
    await registerAnnouncementAdminRoutes(api, ctx);
    await registerMessageRoutes(api, ctx);
  },
  seed: seedAnnouncements,
  seedThroughServices: seedMessageTemplates,
});
