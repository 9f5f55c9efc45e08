import { defineServerPlugin } from '../../server/kit';
import { helpMenus } from './server/menus';

/** The help centre's menu entry; its content is the client page's, translated in locales/<lng>/help.json. */
export default defineServerPlugin({ name: 'help', menus: helpMenus });
