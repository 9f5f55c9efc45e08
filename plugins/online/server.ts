import { defineServerPlugin } from '../../server/plugin-api';
import { onlineMenus } from './server/menus';

/** 在线开发: tables and reports defined at run time, served by the same engine as the plugins. */
export default defineServerPlugin({ name: 'online', menus: onlineMenus });
