import { defineServerPlugin } from '../../server/plugin-api';
import { accountMenus } from './server/menus';

/** 个人页: the user's profile, avatar, password, phone, sessions and notification preferences. */
export default defineServerPlugin({ name: 'account', menus: accountMenus });
